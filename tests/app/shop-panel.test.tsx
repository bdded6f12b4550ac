import { act } from 'react'

import type { ProductListItem, ProductListsRequest } from '../../contract/shop'
import * as shop from '../../src/api/shop'
import ShopPanel from '../../src/components/shop/ShopPanel'
import { emitTabEvent } from '../../src/components/TabPage/tab-events'
import { byText, tap } from './events'
import { renderPage, settle } from './render'

jest.mock('../../src/api/shop')
const api = shop as jest.Mocked<typeof shop>

const good = (id: number): ProductListItem => ({
  goods_id: id,
  name: `商品 ${id}`,
  subtitle: '',
  image: `/static/${id}.jpg`,
  price_min: 1000 * id,
  price_max: 1000 * id,
  line_price: 0,
  sales: 123456,
  stock: id === 2 ? 0 : 10
})

/** 23 goods, 10 a page: three pages. */
function serve({ page = 1, per_page = 10 }: ProductListsRequest = {}) {
  const all = Array.from({ length: 23 }, (_, i) => good(i + 1))
  return Promise.resolve({
    list: all.slice((page - 1) * per_page, page * per_page),
    total: 23,
    page,
    per_page,
    last_page: 3
  })
}

const SHOP_TAB = 4
/** What the tab page does on pull-down or reach-bottom. */
const tabEvent = async (event: 'refresh' | 'reachBottom') => {
  await act(async () => {
    await emitTabEvent(SHOP_TAB, event)
  })
  await settle()
}
const open = () => renderPage(ShopPanel, { route: 'goods/pages/goods/list', props: { tab: SHOP_TAB } })

describe('the 商城 tab', () => {
  beforeEach(() => {
    api.getProducts.mockImplementation(serve)
    api.getCategories.mockResolvedValue({ list: [{ category_id: 3, name: '书籍', image: '', children: [] }] })
  })
  afterEach(() => jest.clearAllMocks())

  it('shows the first page with sales in 万 and sold-out goods marked', async () => {
    const { container } = await open()
    expect(api.getProducts).toHaveBeenCalledWith({ page: 1, per_page: 10, sort: 'sales', category_id: undefined })
    expect(container.querySelectorAll('.goods-card')).toHaveLength(10)
    // 123456 units: 12.3万 (docs/spec.md §5: one decimal from 10万)
    expect(container.querySelector('.goods-card__sales')?.textContent).toBe('已售12.3万')
    expect(container.querySelector('[data-goods-id="2"]')?.textContent).toContain('已售罄')
  })

  it('loads the next page on reach-bottom and says when the list has ended', async () => {
    const { container } = await open()
    await tabEvent('reachBottom')
    expect(container.querySelectorAll('.goods-card')).toHaveLength(20)
    expect(container.querySelector('.list-footer')?.textContent).toBe('')
    await tabEvent('reachBottom')
    expect(container.querySelectorAll('.goods-card')).toHaveLength(23)
    expect(container.querySelector('.list-footer')?.textContent).toBe('— 没有更多了 —')
    await tabEvent('reachBottom')
    expect(api.getProducts).toHaveBeenCalledTimes(3)
  })

  it('sorts by price (tap again to turn the order round), by newest, and filters by category', async () => {
    const { container } = await open()
    await tap(byText(container, '.sort-bar__item', '价格 ↕'))
    expect(api.getProducts).toHaveBeenLastCalledWith(expect.objectContaining({ page: 1, sort: 'price_asc' }))
    await tap(byText(container, '.sort-bar__item', '价格 ↑'))
    expect(api.getProducts).toHaveBeenLastCalledWith(expect.objectContaining({ page: 1, sort: 'price_desc' }))
    await tap(byText(container, '.sort-bar__item', '新品'))
    expect(api.getProducts).toHaveBeenLastCalledWith(expect.objectContaining({ sort: 'newest' }))
    await tap(byText(container, '.shop__cat', '书籍'))
    expect(api.getProducts).toHaveBeenLastCalledWith(
      expect.objectContaining({ page: 1, sort: 'newest', category_id: 3 })
    )
  })

  it('pull-down refresh loads page 1 again', async () => {
    await open()
    await tabEvent('reachBottom')
    await tabEvent('refresh')
    expect(api.getProducts).toHaveBeenLastCalledWith(expect.objectContaining({ page: 1 }))
    expect(api.getCategories).toHaveBeenCalledTimes(2)
  })
})
