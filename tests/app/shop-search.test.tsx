import Taro from '@tarojs/taro'

import * as shop from '../../src/api/shop'
import Search from '../../src/goods/pages/search/search'
import { byText, fireTaro, tap } from './events'
import { renderPage } from './render'

jest.mock('../../src/api/shop')
const api = shop as jest.Mocked<typeof shop>

const open = () => renderPage(Search, { route: 'goods/pages/search/search', depth: 2 })
const chips = (container: Element, kind: string) =>
  [...container.querySelectorAll(`.search__chip--${kind}`)].map((el) => el.textContent)

describe('goods/pages/search/search', () => {
  beforeEach(() => {
    Taro.clearStorageSync()
    api.getHotSearch.mockResolvedValue({ list: ['罗盘', '沉香', '五帝钱'] })
    api.getProducts.mockResolvedValue({ list: [], total: 0, page: 1, per_page: 15, last_page: 1 })
  })
  afterEach(() => jest.clearAllMocks())

  it('shows the hot words, and searching one asks the server for it', async () => {
    const { container } = await open()
    expect(chips(container, 'hot')).toEqual(['罗盘', '沉香', '五帝钱'])
    expect(api.getProducts).not.toHaveBeenCalled()
    await tap(byText(container, '.search__chip', '沉香'))
    expect(api.getProducts).toHaveBeenCalledWith(expect.objectContaining({ keyword: '沉香', page: 1, sort: 'sales' }))
    expect(container.textContent).toContain('没有找到与「沉香」相关的商品')
  })

  it('keeps the history on the device, newest first and once each, until it is cleared', async () => {
    const first = await open()
    const input = first.container.querySelector('.search__input')
    for (const word of ['罗盘', '  八卦镜 ', '罗盘']) {
      await fireTaro(input, 'input', word)
      await tap(first.container.querySelector('.search__go'))
    }
    first.unmount()
    // A new visit reads it back from storage.
    const again = await open()
    expect(chips(again.container, 'history')).toEqual(['罗盘', '八卦镜'])
    await tap(again.container.querySelector('.search__clear'))
    expect(again.container.querySelector('.search__chip--history')).toBeNull()
    again.unmount()
    const cleared = await open()
    expect(cleared.container.querySelector('.search__chip--history')).toBeNull()
  })

  it('emptying the box after a search goes back to the history and the hot words', async () => {
    const { container } = await open()
    const input = container.querySelector('.search__input')
    await fireTaro(input, 'input', '罗盘')
    await tap(container.querySelector('.search__go'))
    expect(container.querySelector('.search__results')).not.toBeNull()
    await fireTaro(input, 'input', '')
    expect(container.querySelector('.search__results')).toBeNull()
    expect(chips(container, 'history')).toEqual(['罗盘'])
    expect(chips(container, 'hot')).toEqual(['罗盘', '沉香', '五帝钱'])
  })

  it('says what is missing when the keyword is empty', async () => {
    const toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' } as never)
    const { container } = await open()
    await fireTaro(container.querySelector('.search__input'), 'input', '   ')
    await tap(container.querySelector('.search__go'))
    expect(toast).toHaveBeenLastCalledWith(expect.objectContaining({ title: '请输入搜索关键词' }))
    expect(api.getProducts).not.toHaveBeenCalled()
  })
})
