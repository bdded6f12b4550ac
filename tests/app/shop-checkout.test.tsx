import Taro from '@tarojs/taro'
import { cleanup } from '@testing-library/react'

import type { BuyCoupon, BuyPreview } from '../../contract/shop'
import * as shop from '../../src/api/shop'
import { clearCredential, saveCredential } from '../../src/core/credential'
import Confirm from '../../src/goods/pages/order/confirm'
import * as pay from '../../src/platform/pay'
import { appStorage } from '../../src/platform/storage'
import { tap } from './events'
import { renderPage, settle } from './render'

jest.mock('../../src/api/shop')
jest.mock('../../src/platform/pay')
const api = shop as jest.Mocked<typeof shop>
const platformPay = pay as jest.Mocked<typeof pay>

const coupon = (id: number, over: Partial<BuyCoupon>): BuyCoupon => ({
  user_coupon_id: id,
  coupon_id: id,
  name: `券 ${id}`,
  type: 'amount',
  amount: 3000,
  discount: 0,
  max_discount: 0,
  min_spend: 19900,
  scope: 'all',
  scope_text: '全场通用',
  title: '满199减30',
  status: 'unused',
  start_at: '2026-01-01T00:00:00Z',
  expire_at: '2026-12-31T00:00:00Z',
  used_at: '',
  order_id: 0,
  usable: true,
  reason: '',
  discount_amount: 3000,
  ...over
})

/** The server's preview: the page shows these figures as they are. */
const PREVIEW: BuyPreview = {
  items: [
    {
      goods_id: 1,
      sku_id: 11,
      name: '紫檀罗盘',
      image: '/a.jpg',
      spec_text: '8寸',
      price: 88800,
      quantity: 1,
      amount: 88800,
      status: 'ok',
      status_text: ''
    }
  ],
  address: {
    address_id: 5,
    name: '张三',
    mobile: '13800138000',
    province: '北京市',
    city: '北京市',
    district: '东城区',
    province_code: '110000',
    city_code: '110100',
    district_code: '110101',
    detail: '东长安街 1 号',
    is_default: true,
    full_address: '北京市东城区东长安街 1 号'
  },
  goods_amount: 88800,
  freight: 0,
  freight_text: '满99元包邮',
  deliverable: true,
  free_freight_from: 9900,
  coupon_discount: 3000,
  user_coupon_id: 21,
  pay_amount: 85800,
  coupons: [
    coupon(21, {}),
    coupon(22, { title: '满999减100', usable: false, reason: '未满999元', discount_amount: 0 })
  ],
  can_submit: true,
  problem: ''
}

const open = () =>
  renderPage(Confirm, {
    route: 'goods/pages/order/confirm',
    params: { mode: 'buy_now', sku_id: '11', quantity: '1' },
    depth: 2
  })

describe('goods/pages/order/confirm', () => {
  let redirect: jest.SpyInstance
  beforeEach(() => {
    saveCredential(appStorage, { user_id: 7, token: 'token-7' })
    api.previewBuy.mockResolvedValue({ preview: PREVIEW })
    redirect = jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'ok' } as never)
  })
  afterEach(() => {
    // Unmount first: a logout under a mounted page would make it load again.
    cleanup()
    clearCredential(appStorage)
    jest.clearAllMocks()
  })

  it('shows the server’s preview: address, the best coupon chosen, freight and total', async () => {
    const { container } = await open()
    expect(api.previewBuy).toHaveBeenCalledWith({
      mode: 'buy_now',
      sku_id: 11,
      quantity: 1,
      address_id: undefined,
      user_coupon_id: undefined
    })
    expect(container.querySelector('.confirm__receiver')?.textContent).toBe('张三')
    expect(container.querySelector('.confirm__coupon')?.textContent).toContain('满199减30 -¥30.00')
    expect(container.textContent).toContain('包邮')
    expect(container.querySelector('.confirm__pay-amount')?.textContent).toBe('¥858.00')
  })

  it('a double tap creates one order with one idempotency key, pays it and goes to pay-success', async () => {
    let answer!: (value: Awaited<ReturnType<typeof shop.submitBuy>>) => void
    api.submitBuy.mockReturnValue(new Promise((resolve) => (answer = resolve)))
    platformPay.payOrder.mockResolvedValue('paid')
    const { container } = await open()
    const submit = container.querySelector('.confirm__submit')
    await tap(submit)
    await tap(submit)
    expect(api.submitBuy).toHaveBeenCalledTimes(1)
    const sent = api.submitBuy.mock.calls[0][0]
    expect(sent).toMatchObject({
      mode: 'buy_now',
      sku_id: 11,
      quantity: 1,
      address_id: 5,
      user_coupon_id: 21,
      expected_amount: 85800
    })
    expect(sent.request_id).toMatch(/^[A-Za-z0-9_-]{8,64}$/)
    const payment = { out_trade_no: 'T1', amount_fen: 85800, provider: 'sandbox' as const }
    answer({ order_id: 9, order_no: 'SO9', pay_amount: 85800, payment, pay_error: '' })
    await settle()
    expect(platformPay.payOrder).toHaveBeenCalledWith(payment)
    expect(redirect).toHaveBeenCalledWith({ url: '/goods/pages/order/pay-success?order_id=9' })
  })

  it('a cancelled payment leaves the order to be paid later from its detail', async () => {
    api.submitBuy.mockResolvedValue({
      order_id: 9,
      order_no: 'SO9',
      pay_amount: 85800,
      payment: { out_trade_no: 'T1', amount_fen: 85800, provider: 'sandbox' },
      pay_error: ''
    })
    platformPay.payOrder.mockResolvedValue('cancelled')
    const { container } = await open()
    await tap(container.querySelector('.confirm__submit'))
    await settle()
    expect(redirect).toHaveBeenCalledWith({ url: '/goods/pages/order/detail?order_id=9' })
  })

  it('a payment that could not start (WeChat Pay down) opens the order with the reason, payable there', async () => {
    const toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' } as never)
    api.submitBuy.mockResolvedValue({
      order_id: 12,
      order_no: 'SO12',
      pay_amount: 85800,
      payment: null,
      pay_error: '微信支付暂时不可用，请在订单详情重新支付'
    })
    const { container } = await open()
    await tap(container.querySelector('.confirm__submit'))
    await settle()
    expect(platformPay.payOrder).not.toHaveBeenCalled()
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '微信支付暂时不可用，请在订单详情重新支付' }))
    expect(redirect).toHaveBeenCalledWith({ url: '/goods/pages/order/detail?order_id=12' })
  })

  it('choosing no coupon asks the server for a new preview with user_coupon_id 0', async () => {
    const { container } = await open()
    await tap(container.querySelector('.confirm__coupon'))
    expect(container.textContent).toContain('不可用：未满999元')
    await tap(container.querySelector('.coupon-sheet__none'))
    expect(api.previewBuy).toHaveBeenLastCalledWith(expect.objectContaining({ user_coupon_id: 0 }))
  })

  it('without an address it offers to add one and does not submit', async () => {
    const toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' } as never)
    api.previewBuy.mockResolvedValue({
      preview: { ...PREVIEW, address: null, can_submit: false, problem: '请添加收货地址' }
    })
    const { container } = await open()
    expect(container.querySelector('.confirm__address-add')?.textContent).toContain('添加收货地址')
    await tap(container.querySelector('.confirm__submit'))
    expect(api.submitBuy).not.toHaveBeenCalled()
    expect(toast).toHaveBeenLastCalledWith(expect.objectContaining({ title: '请先添加收货地址' }))
  })
})
