import { fakeTaro } from './fake-taro'

// The mini-program build resolves './platform/tabs' to tabs.weapp.ts: the same here.
jest.mock('@tarojs/taro', () => {
  const module = require('./fake-taro').fakeTaroModule()
  Object.assign(module.default, {
    navigateBack: jest.fn(() => Promise.resolve()),
    reLaunch: jest.fn(() => Promise.resolve()),
    navigateTo: jest.fn(() => Promise.resolve()),
    redirectTo: jest.fn(() => Promise.resolve())
  })
  return module
})
jest.mock('../../../src/platform/tabs', () => jest.requireActual('../../../src/platform/tabs.weapp'))

import { tabState } from '../../../src/components/TabPage/tab-state'
import { navigateTo, redirectTo, switchTab } from '../../../src/navigation'

const taro = fakeTaro() as ReturnType<typeof fakeTaro> &
  Record<'navigateBack' | 'reLaunch' | 'navigateTo' | 'redirectTo', jest.Mock>
const stack = (...routes: string[]) => taro.getCurrentPages.mockReturnValue(routes.map((route) => ({ route })))

beforeEach(() => {
  jest.clearAllMocks()
  tabState.show(0)
})

describe('six tabs in the mini-program (one page hosts the tab panels)', () => {
  it('on the tab page itself, switching shows the other panel without any navigation', async () => {
    stack('pages/v2index/index')
    await switchTab(5)
    expect(tabState.active).toBe(5)
    expect(tabState.visited).toEqual(expect.arrayContaining([0, 5]))
    expect(taro.navigateBack).not.toHaveBeenCalled()
    expect(taro.reLaunch).not.toHaveBeenCalled()
  })

  it('from sub-pages above a tab page, switching closes them all and shows the panel', async () => {
    stack('pages/v2index/index', 'pages/about/about', 'pages/about/contract')
    await switchTab('/goods/pages/goods/list')
    expect(taro.navigateBack).toHaveBeenCalledWith({ delta: 2 })
    expect(tabState.active).toBe(4)
  })

  it('with no tab page under the stack (opened from a share), switching relaunches onto the tab route', async () => {
    stack('pages/about/about')
    await switchTab(3)
    expect(taro.reLaunch).toHaveBeenCalledWith({ url: '/pages/certificate/certificate' })
  })

  it('a tab route is never pushed or redirected: navigateTo and redirectTo switch instead', async () => {
    stack('pages/my/my')
    await navigateTo('/pages/course/index?from=home')
    await redirectTo('pages/v2index/index')
    expect(taro.navigateTo).not.toHaveBeenCalled()
    expect(taro.redirectTo).not.toHaveBeenCalled()
    expect(tabState.active).toBe(0)
    await navigateTo('pages/about/about')
    expect(taro.navigateTo).toHaveBeenCalledWith({ url: '/pages/about/about' })
  })
})
