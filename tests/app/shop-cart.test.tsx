import Taro from '@tarojs/taro'
import { cleanup } from '@testing-library/react'

import type { CartItem, CartResponse } from '../../contract/shop'
import * as shop from '../../src/api/shop'
import { clearCredential, saveCredential } from '../../src/core/credential'
import Cart from '../../src/goods/pages/cart/cart'
import { appStorage } from '../../src/platform/storage'
import { tap } from './events'
import { renderPage } from './render'

jest.mock('../../src/api/shop')
const api = shop as jest.Mocked<typeof shop>

const line = (over: Partial<CartItem>): CartItem => ({
  cart_id: 1,
  goods_id: 10,
  sku_id: 100,
  name: '紫檀三合罗盘',
  image: '/static/a.jpg',
  spec_text: '6.5寸',
  price: 12800,
  quantity: 1,
  stock: 5,
  max_buy: 10,
  selected: true,
  status: 'ok',
  status_text: '',
  ...over
})

/** A cart whose summary is the server's own: the page must show it, not add the lines up itself. */
const CART: CartResponse = {
  list: [
    line({ cart_id: 1, quantity: 2 }),
    line({ cart_id: 2, goods_id: 11, sku_id: 101, name: '开光五帝钱', price: 3900, selected: false }),
    line({
      cart_id: 3,
      goods_id: 12,
      sku_id: 102,
      name: '檀香线香',
      status: 'off_shelf',
      status_text: '已下架',
      selected: true
    }),
    line({
      cart_id: 4,
      goods_id: 13,
      sku_id: 103,
      name: '《滴天髓》',
      status: 'sold_out',
      status_text: '已售罄',
      stock: 0,
      selected: false
    })
  ],
  summary: {
    count: 4,
    quantity: 5,
    selected_quantity: 2,
    selected_amount: 25600,
    all_selected: false,
    freight: 0,
    freight_text: ''
  }
}

const open = () => renderPage(Cart, { route: 'goods/pages/cart/cart', depth: 2 })
const item = (container: Element, id: number) => container.querySelector(`[data-cart-id="${id}"]`)!

describe('goods/pages/cart/cart', () => {
  beforeEach(() => {
    saveCredential(appStorage, { user_id: 7, token: 'token-7' })
    api.getCart.mockResolvedValue(CART)
  })
  afterEach(() => {
    // Unmount first: a logout under a mounted page would make it load again.
    cleanup()
    clearCredential(appStorage)
    jest.clearAllMocks()
  })

  it('shows the totals the server computed and the number to check out', async () => {
    const { container } = await open()
    expect(container.querySelector('.cart__amount')?.textContent).toBe('¥256.00')
    expect(container.querySelector('.cart__checkout')?.textContent).toBe('结算(2)')
    expect(container.querySelectorAll('.cart__item')).toHaveLength(4)
  })

  it('shows off-shelf and sold-out lines as such; they cannot be selected', async () => {
    const { container } = await open()
    const offShelf = item(container, 3)
    expect(offShelf.textContent).toContain('已下架')
    expect(item(container, 4).textContent).toContain('已售罄')
    const box = offShelf.querySelector('.check')!
    expect(box.getAttribute('aria-disabled')).toBe('true')
    // Selected on the server but not sellable: not shown as checked.
    expect(box.getAttribute('aria-checked')).toBe('false')
    await tap(box)
    expect(api.selectCart).not.toHaveBeenCalled()
    // Nor can their quantity be changed.
    expect(offShelf.querySelector('.stepper')).toBeNull()
  })

  it('selecting a line and selecting all show the totals of the server’s answer', async () => {
    api.selectCart.mockResolvedValue({
      ...CART,
      summary: { ...CART.summary, selected_quantity: 3, selected_amount: 29500 }
    })
    const { container } = await open()
    await tap(item(container, 2).querySelector('.check'))
    expect(api.selectCart).toHaveBeenCalledWith({ cart_id: 2, selected: true })
    expect(container.querySelector('.cart__amount')?.textContent).toBe('¥295.00')

    api.selectAllCart.mockResolvedValue({
      ...CART,
      summary: { ...CART.summary, selected_quantity: 0, selected_amount: 0, all_selected: false }
    })
    await tap(container.querySelector('.cart__bar .check'))
    expect(api.selectAllCart).toHaveBeenCalledWith({ selected: true })
    expect(container.querySelector('.cart__amount')?.textContent).toBe('¥0.00')
  })

  it('changes a quantity on the server, and says the stock limit instead of passing it', async () => {
    const toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' } as never)
    api.editCart.mockResolvedValue({
      ...CART,
      list: [line({ cart_id: 1, quantity: 3 }), ...CART.list.slice(1)],
      summary: { ...CART.summary, selected_quantity: 3, selected_amount: 38400 }
    })
    const { container } = await open()
    await tap(item(container, 1).querySelector('.stepper__plus'))
    expect(api.editCart).toHaveBeenCalledWith({ cart_id: 1, quantity: 3 })
    expect(container.querySelector('.cart__amount')?.textContent).toBe('¥384.00')
    // Line 2 holds 1 of stock 5 with max_buy 10: five taps reach 5, the sixth is refused by the page.
    api.editCart.mockImplementation(async ({ quantity }) => ({
      ...CART,
      list: CART.list.map((l) => (l.cart_id === 2 ? { ...l, quantity } : l))
    }))
    for (let i = 0; i < 5; i++) await tap(item(container, 2).querySelector('.stepper__plus'))
    expect(api.editCart).toHaveBeenLastCalledWith({ cart_id: 2, quantity: 5 })
    expect(api.editCart).toHaveBeenCalledTimes(5)
    expect(toast).toHaveBeenLastCalledWith(expect.objectContaining({ title: '库存仅剩 5 件' }))
  })

  it('deletes a line after confirming, and asks visitors to log in instead of loading', async () => {
    jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false, errMsg: 'ok' } as never)
    api.deleteCart.mockResolvedValue({
      list: CART.list.slice(1),
      summary: { ...CART.summary, selected_quantity: 0, selected_amount: 0 }
    })
    const { container, unmount } = await open()
    await tap(item(container, 1).querySelector('.cart__delete'))
    expect(api.deleteCart).toHaveBeenCalledWith({ cart_ids: [1] })
    expect(container.querySelectorAll('.cart__item')).toHaveLength(3)
    unmount()

    clearCredential(appStorage)
    api.getCart.mockClear()
    const visitor = await open()
    expect(api.getCart).not.toHaveBeenCalled()
    expect(visitor.container.textContent).toContain('登录后查看购物车')
  })
})
