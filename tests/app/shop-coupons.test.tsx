import Taro from '@tarojs/taro'
import { cleanup, waitFor } from '@testing-library/react'

import type { Coupon, FavoriteItem, UserCoupon } from '../../contract/shop'
import * as shop from '../../src/api/shop'
import { clearCredential, saveCredential } from '../../src/core/credential'
import Category from '../../src/goods/pages/category/category'
import CouponCentre from '../../src/goods/pages/coupon/coupon'
import Favorites from '../../src/goods/pages/favorite/favorite'
import * as navigation from '../../src/navigation'
import MyCoupon from '../../src/pages/my/myCoupon'
import { appStorage } from '../../src/platform/storage'
import { byText, tap } from './events'
import { renderPage } from './render'

jest.mock('../../src/api/shop')
const api = shop as jest.Mocked<typeof shop>

const rule = { min_spend: 19900, scope: 'all' as const, scope_text: '全场通用', max_discount: 0 }
const coupon = (over: Partial<Coupon>): Coupon => ({
  coupon_id: 1,
  name: '全场满减券',
  type: 'amount',
  amount: 3000,
  discount: 0,
  title: '满199减30',
  ...rule,
  start_at: '2026-01-01T00:00:00.000Z',
  end_at: '2030-12-31T00:00:00.000Z',
  valid_days: 0,
  total: 100,
  remaining: 10,
  per_user_limit: 1,
  received: 0,
  can_receive: true,
  ...over
})
const mine = (over: Partial<UserCoupon>): UserCoupon => ({
  coupon_id: 1,
  name: '全场满减券',
  type: 'amount',
  amount: 3000,
  discount: 0,
  title: '满199减30',
  ...rule,
  user_coupon_id: 5,
  status: 'unused',
  start_at: '2026-11-01T00:00:00.000Z',
  expire_at: '2026-12-31T00:00:00.000Z',
  used_at: '',
  order_id: 0,
  ...over
})
const page = <T,>(list: T[]) => ({ list, total: list.length, page: 1, per_page: 15, last_page: 1 })

const login = () => saveCredential(appStorage, { user_id: 7, token: 'token-7' })
afterEach(() => {
  cleanup()
  clearCredential(appStorage)
  jest.restoreAllMocks()
  jest.clearAllMocks()
})

describe('goods/pages/coupon/coupon', () => {
  it('shows both kinds with their threshold, claims one, and says when the per-user limit is reached', async () => {
    login()
    api.getCoupons.mockResolvedValue(
      page([
        coupon({}),
        coupon({
          coupon_id: 2,
          name: '读书季 9 折券',
          type: 'discount',
          amount: 0,
          discount: 90,
          max_discount: 5000,
          min_spend: 9900,
          title: '满99享9折',
          scope: 'category',
          scope_text: '限易学书籍类商品',
          valid_days: 7
        }),
        coupon({ coupon_id: 3, name: '抢光了', remaining: 0, can_receive: false })
      ])
    )
    api.receiveCoupon.mockResolvedValue({ coupon: mine({}) })
    const { container } = await renderPage(CouponCentre, { route: 'goods/pages/coupon/coupon', depth: 2 })
    const cards = container.querySelectorAll('.coupon-card')
    expect(cards).toHaveLength(3)
    expect(cards[0].querySelector('.coupon-card__main')?.textContent).toBe('30元')
    expect(cards[0].querySelector('.coupon-card__title')?.textContent).toBe('满199元可用')
    expect(cards[1].querySelector('.coupon-card__main')?.textContent).toBe('9折')
    expect(cards[1].textContent).toContain('满99享9折 · 限易学书籍类商品')
    expect(cards[1].textContent).toContain('领取后 7 天内有效')
    expect(cards[2].querySelector('.coupons__claim')?.textContent).toBe('已领完')

    await tap(container.querySelector('.coupons__claim[data-coupon-id="1"]'))
    expect(api.receiveCoupon).toHaveBeenCalledWith({ coupon_id: 1 })
    await waitFor(() =>
      expect(container.querySelector('.coupons__claim[data-coupon-id="1"]')?.textContent).toBe('已领取')
    )
    expect(cards[0].textContent).toContain('剩余 9')
    // Limit reached: tapping again does not ask the server.
    await tap(container.querySelector('.coupons__claim[data-coupon-id="1"]'))
    expect(api.receiveCoupon).toHaveBeenCalledTimes(1)
  })
})

describe('pages/my/myCoupon', () => {
  it('lists unused, used and expired coupons, each tab from the server', async () => {
    login()
    api.getMyCoupons.mockImplementation(async ({ status } = {}) =>
      status === 'used'
        ? page([mine({ status: 'used', used_at: '2026-11-20T04:00:00.000Z', order_id: 9 })])
        : status === 'expired'
          ? page([])
          : page([
              mine({}),
              mine({ user_coupon_id: 6, type: 'discount', amount: 0, discount: 88, title: '满200享8.8折' })
            ])
    )
    const { container } = await renderPage(MyCoupon, { route: 'pages/my/myCoupon', depth: 2 })
    expect(Array.from(container.querySelectorAll('.my-coupon__tab')).map((t) => t.textContent)).toEqual([
      '未使用',
      '已使用',
      '已过期'
    ])
    expect(api.getMyCoupons).toHaveBeenLastCalledWith({ page: 1, status: 'unused' })
    expect(container.querySelectorAll('.coupon-card')).toHaveLength(2)
    expect(container.textContent).toContain('2026-12-31 前有效')
    expect(byText(container, '.coupon-card__btn', '去使用')).not.toBeNull()

    await tap(byText(container, '.my-coupon__tab', '已使用'))
    await waitFor(() => expect(api.getMyCoupons).toHaveBeenLastCalledWith({ page: 1, status: 'used' }))
    await waitFor(() => expect(container.querySelectorAll('.coupon-card')).toHaveLength(1))
    expect(container.querySelector('.coupon-card--dim')).not.toBeNull()
    expect(container.textContent).toContain('已于 2026-11-20 使用')

    await tap(byText(container, '.my-coupon__tab', '已过期'))
    await waitFor(() => expect(api.getMyCoupons).toHaveBeenLastCalledWith({ page: 1, status: 'expired' }))
    await waitFor(() => expect(container.textContent).toContain('暂无优惠券'))
  })
})

describe('goods/pages/category/category', () => {
  it('browses two levels: top categories on the side, their children open a filtered list', async () => {
    const go = jest.spyOn(navigation, 'navigateTo').mockImplementation(() => undefined as never)
    api.getCategories.mockResolvedValue({
      list: [
        {
          category_id: 1,
          name: '易学书籍',
          image: '',
          children: [
            { category_id: 11, name: '命理典籍', image: '', children: [] },
            { category_id: 12, name: '风水堪舆', image: '', children: [] }
          ]
        },
        {
          category_id: 2,
          name: '罗盘',
          image: '',
          children: [{ category_id: 21, name: '专业罗盘', image: '', children: [] }]
        }
      ]
    })
    const { container } = await renderPage(Category, { route: 'goods/pages/category/category', depth: 2 })
    expect(Array.from(container.querySelectorAll('.category__top')).map((t) => t.textContent)).toEqual([
      '易学书籍',
      '罗盘'
    ])
    expect(Array.from(container.querySelectorAll('.category__name')).map((t) => t.textContent)).toEqual([
      '命理典籍',
      '风水堪舆'
    ])
    await tap(byText(container, '.category__top', '罗盘'))
    expect(container.querySelector('.category__top--on')?.textContent).toBe('罗盘')
    expect(Array.from(container.querySelectorAll('.category__name')).map((t) => t.textContent)).toEqual(['专业罗盘'])
    await tap(container.querySelector('.category__child'))
    expect(go).toHaveBeenLastCalledWith(
      `/goods/pages/search/search?category_id=21&name=${encodeURIComponent('专业罗盘')}`
    )
    await tap(container.querySelector('.category__all'))
    expect(go).toHaveBeenLastCalledWith(`/goods/pages/search/search?category_id=2&name=${encodeURIComponent('罗盘')}`)
  })

  it('says when the categories cannot be loaded, and retries', async () => {
    api.getCategories.mockRejectedValueOnce(new Error('网络错误')).mockResolvedValue({ list: [] })
    const { container } = await renderPage(Category, { route: 'goods/pages/category/category', depth: 2 })
    await waitFor(() => expect(container.textContent).toContain('网络错误'))
    await tap(container.querySelector('.state__retry'))
    await waitFor(() => expect(container.textContent).toContain('暂无商品分类'))
    expect(api.getCategories).toHaveBeenCalledTimes(2)
  })
})

describe('goods/pages/favorite/favorite', () => {
  const fav = (over: Partial<FavoriteItem>): FavoriteItem => ({
    goods_id: 1,
    name: '紫檀三合罗盘',
    subtitle: '三合盘',
    image: '/static/a.svg',
    price_min: 12800,
    price_max: 12800,
    line_price: 0,
    sales: 10,
    stock: 5,
    on_shelf: true,
    created_at: '2026-11-20T04:00:00.000Z',
    ...over
  })
  it('marks off-shelf and sold-out goods, and removes one after confirming', async () => {
    login()
    jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false, errMsg: 'ok' } as never)
    api.getFavorites.mockResolvedValue(
      page([fav({}), fav({ goods_id: 2, name: '檀香', on_shelf: false }), fav({ goods_id: 3, name: '沉香', stock: 0 })])
    )
    api.deleteFavorite.mockResolvedValue({ is_favorite: false })
    const { container } = await renderPage(Favorites, { route: 'goods/pages/favorite/favorite', depth: 2 })
    expect(Array.from(container.querySelectorAll('.favorites__state')).map((t) => t.textContent)).toEqual([
      '三合盘',
      '已下架',
      '已售罄'
    ])
    expect(container.querySelectorAll('.favorites__item--off')).toHaveLength(1)
    await tap(container.querySelector('.favorites__remove'))
    expect(api.deleteFavorite).toHaveBeenCalledWith({ goods_id: 1 })
    await waitFor(() => expect(container.querySelectorAll('.favorites__item')).toHaveLength(2))
  })
})
