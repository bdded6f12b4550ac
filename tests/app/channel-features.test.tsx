import Taro from '@tarojs/taro'
import { act } from '@testing-library/react'

import { presetHidden } from '../../contract/features'
import EntryGrid from '../../src/components/Mine/EntryGrid'
import { hiddenFeatures, setHiddenFeatures, startFeatures } from '../../src/core/features'
import { navigateTo } from '../../src/navigation'
import Xingming from '../../src/pages/tools/xingming'
import Toolbox from '../../src/tools/pages/index'
import { renderPage } from './render'

/** 渠道功能 in the app: what the server says this client hides is not offered, and a link to it says so. */
afterEach(() => setHiddenFeatures([]))

describe('a client that hides fortune-telling (the compliant preset)', () => {
  beforeEach(() => setHiddenFeatures(presetHidden('compliant')))

  it('the toolbox keeps the calendar and the compass and drops fortune, divination and naming', async () => {
    const { container } = await renderPage(Toolbox, { route: 'tools/pages/index/index', depth: 2 })
    const text = container.textContent
    expect(text).toContain('老黄历')
    expect(text).toContain('罗盘')
    expect(text).toContain('六十四卦')
    for (const hidden of ['金钱卦', '今日运势', '幸运色', '桃花运', '姓名分析', '打牌坐向', '灵棋经']) {
      expect(text).not.toContain(hidden)
    }
  })

  it('我的 lists neither the bazi records nor the reports', async () => {
    const { container } = await renderPage(EntryGrid, { route: 'pages/my/my' })
    expect(container.textContent).toContain('我的订单')
    expect(container.textContent).not.toContain('八字档案')
    expect(container.textContent).not.toContain('我的报告')
  })

  it('a link to a hidden page opens the page that says so, without loading the feature', async () => {
    const navigate = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' } as any)
    await navigateTo('/pages/bazi/plate?record_id=3')
    expect(navigate).toHaveBeenCalledWith({ url: '/pages/notFound/notFound?feature=bazi' })
    await navigateTo('/pages/tools/huangli')
    expect(navigate).toHaveBeenLastCalledWith({ url: '/pages/tools/huangli' })
  })

  it('a hidden page opened directly (a share, a deep link) shows a plain word and the way home', async () => {
    const { container } = await renderPage(Xingming, { route: 'pages/tools/xingming', depth: 2 })
    expect(container.textContent).toContain('此功能不在当前版本中提供')
    expect(container.textContent).toContain('返回首页')
    expect(container.querySelector('.nav-bar__title')?.textContent).toBe('功能不可用')
    expect(container.querySelector('input')).toBeNull()
  })
})

it("the server's answer reaches a page already drawn", async () => {
  setHiddenFeatures(presetHidden('compliant'))
  const { container } = await renderPage(Toolbox, { route: 'tools/pages/index/index', depth: 2 })
  expect(container.textContent).not.toContain('今日运势')
  act(() => setHiddenFeatures([]))
  expect(container.querySelector('[data-path="tools/pages/daily/fortune"]')).not.toBeNull()
})

it('before any answer the mini-program starts from the compliant preset and the web from everything', () => {
  startFeatures('wxapp', undefined)
  expect(hiddenFeatures()).toEqual(presetHidden('compliant'))
  startFeatures('web', undefined)
  expect(hiddenFeatures()).toEqual([])
  startFeatures('wxapp', ['bazi'])
  expect(hiddenFeatures()).toEqual(['bazi'])
})
