import Taro from '@tarojs/taro'
import { cleanup, waitFor } from '@testing-library/react'

import type { AfterSaleView, OrderDetail, OrderSummary } from '../../contract/shop'
import * as shop from '../../src/api/shop'
import { clearCredential, saveCredential } from '../../src/core/credential'
import OrderDetailPage from '../../src/goods/pages/order/detail'
import Orders from '../../src/goods/pages/order/order'
import PaySuccess from '../../src/goods/pages/order/pay-success'
import * as navigation from '../../src/navigation'
import * as image from '../../src/platform/image'
import * as orderConfirm from '../../src/platform/order-confirm'
import * as pay from '../../src/platform/pay'
import { appStorage } from '../../src/platform/storage'
import { byText, fireTaro, tap } from './events'
import { renderPage } from './render'

jest.mock('../../src/api/shop')
const api = shop as jest.Mocked<typeof shop>
jest.mock('../../src/platform/pay')
const cashier = pay as jest.Mocked<typeof pay>
jest.mock('../../src/platform/order-confirm')
jest.mock('../../src/platform/image')
const images = image as jest.Mocked<typeof image>
const wechatConfirm = orderConfirm as jest.Mocked<typeof orderConfirm>

const summary = (over: Partial<OrderSummary>): OrderSummary => ({
  order_id: 1,
  order_no: 'SO20261122100000123456',
  status: 'to_ship',
  status_text: '待发货',
  refund_status: 'none',
  items: [
    {
      goods_id: 10,
      sku_id: 100,
      name: '紫檀三合罗盘',
      image: '/static/a.jpg',
      spec_text: '6.5寸',
      price: 12800,
      quantity: 1,
      amount: 12800
    }
  ],
  quantity: 1,
  pay_amount: 12000,
  created_at: '2026-11-22T02:00:00.000Z',
  pay_deadline: '',
  can_pay: false,
  can_cancel: false,
  can_receipt: false,
  can_refund: true,
  refunded_amount: 0,
  wechat_confirm: null,
  ...over
})

const detail = (over: Partial<OrderDetail>): OrderDetail => ({
  ...summary({}),
  address: {
    name: '张三',
    mobile: '13800138000',
    province: '北京市',
    city: '北京市',
    district: '东城区',
    detail: '建国门内大街18号',
    full_address: '北京市东城区建国门内大街18号'
  },
  goods_amount: 12800,
  freight: 0,
  coupon_discount: 800,
  price_adjust: 0,
  coupon_name: '新人见面礼',
  remark: '',
  paid_at: '2026-11-22T02:01:00.000Z',
  shipped_at: '',
  received_at: '',
  cancelled_at: '',
  cancel_reason: '',
  express_company: '',
  express_no: '',
  parcels: [],
  refund: null,
  after_sales: [],
  after_sale_deadline: '',
  after_sale_blocked: '',
  timeline: [
    { time: '2026-11-22T02:00:00.000Z', title: '提交订单', desc: '订单号 SO20261122100000123456' },
    { time: '2026-11-22T02:01:00.000Z', title: '支付成功', desc: '实付 ¥120.00' }
  ],
  ...over
})

const sale = (over: Partial<AfterSaleView>): AfterSaleView => ({
  after_sale_id: 3,
  after_sale_no: 'AS20261122110000123456',
  kind: 'refund',
  kind_text: '仅退款',
  status: 'applied',
  status_text: '待商家处理',
  by_shop: false,
  lines: [{ item_id: 7, name: '罗盘', spec_text: '大号', image: '', quantity: 1 }],
  amount: 6000,
  reason: '其他',
  description: '多拍了一个',
  reason_text: '多拍了一个',
  reply: '',
  images: [],
  return_address: '',
  return_company: '',
  return_no: '',
  created_at: '2026-11-22T03:00:00.000Z',
  finished_at: '',
  can_cancel: false,
  can_ship_return: false,
  ...over
})

const page = (list: OrderSummary[]) => ({ list, total: list.length, page: 1, per_page: 15, last_page: 1 })
const acceptDialogs = () =>
  jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false, errMsg: 'ok' } as never)

describe('goods/pages/order/order', () => {
  beforeEach(() => saveCredential(appStorage, { user_id: 7, token: 'token-7' }))
  afterEach(() => {
    cleanup()
    clearCredential(appStorage)
    jest.restoreAllMocks()
    jest.clearAllMocks()
  })

  it('has the six status tabs; each asks the server for its own orders', async () => {
    api.getOrders.mockImplementation(async ({ status } = {}) =>
      page(
        status === 'to_pay'
          ? [
              summary({
                order_id: 2,
                status: 'to_pay',
                status_text: '待付款',
                can_pay: true,
                can_cancel: true,
                can_refund: false
              })
            ]
          : [summary({})]
      )
    )
    const { container } = await renderPage(Orders, { route: 'goods/pages/order/order', depth: 2 })
    expect(Array.from(container.querySelectorAll('.orders__tab')).map((t) => t.textContent)).toEqual([
      '全部',
      '待付款',
      '待发货',
      '待收货',
      '已完成',
      '售后'
    ])
    expect(api.getOrders).toHaveBeenLastCalledWith({ page: 1, status: 'all' })
    for (const [label, status] of [
      ['待付款', 'to_pay'],
      ['待发货', 'to_ship'],
      ['待收货', 'to_receive'],
      ['已完成', 'done'],
      ['售后', 'after_sale']
    ]) {
      await tap(byText(container, '.orders__tab', label))
      await waitFor(() => expect(api.getOrders).toHaveBeenLastCalledWith({ page: 1, status }))
      expect(byText(container, '.orders__tab--on', label)).not.toBeNull()
    }
    await tap(byText(container, '.orders__tab', '待付款'))
    await waitFor(() => expect(container.querySelector('.orders__status')?.textContent).toBe('待付款'))
    // The buttons are the ones the server allows.
    expect(container.querySelector('.order-actions__pay')).not.toBeNull()
    expect(container.querySelector('.order-actions__cancel')).not.toBeNull()
    expect(container.querySelector('.order-actions__refund')).toBeNull()
  })

  it('opens on the tab named in the route, and shows an empty state', async () => {
    api.getOrders.mockResolvedValue(page([]))
    const { container } = await renderPage(Orders, {
      route: 'goods/pages/order/order',
      params: { status: 'to_receive' },
      depth: 2
    })
    expect(api.getOrders).toHaveBeenCalledWith({ page: 1, status: 'to_receive' })
    expect(byText(container, '.orders__tab--on', '待收货')).not.toBeNull()
    await waitFor(() => expect(container.textContent).toContain('暂无相关订单'))
  })
})

describe('goods/pages/order/detail', () => {
  const open = () =>
    renderPage(OrderDetailPage, { route: 'goods/pages/order/detail', params: { order_id: '1' }, depth: 2 })
  beforeEach(() => saveCredential(appStorage, { user_id: 7, token: 'token-7' }))
  afterEach(() => {
    cleanup()
    clearCredential(appStorage)
    jest.restoreAllMocks()
    jest.clearAllMocks()
  })

  it('shows the amounts and the timeline, newest first', async () => {
    api.getOrderDetail.mockResolvedValue({ detail: detail({}) })
    const { container } = await open()
    expect(container.querySelector('.order-detail__status-text')?.textContent).toBe('待发货')
    expect(container.textContent).toContain('优惠券（新人见面礼）')
    expect(container.textContent).toContain('-¥8.00')
    expect(Array.from(container.querySelectorAll('.order-detail__step-title')).map((s) => s.textContent)).toEqual([
      '支付成功',
      '提交订单'
    ])
    expect(container.querySelector('.order-detail__step--now .order-detail__step-title')?.textContent).toBe('支付成功')
  })

  it('cancels an unpaid order after confirming, and shows the order the server answers', async () => {
    api.getOrderDetail.mockResolvedValue({
      detail: detail({
        status: 'to_pay',
        status_text: '待付款',
        paid_at: '',
        pay_deadline: '2026-11-22T02:30:00.000Z',
        can_pay: true,
        can_cancel: true,
        can_refund: false,
        timeline: [detail({}).timeline[0]]
      })
    })
    api.cancelOrder.mockResolvedValue({
      detail: detail({
        status: 'cancelled',
        status_text: '已取消',
        paid_at: '',
        can_refund: false,
        cancel_reason: '用户取消',
        timeline: [detail({}).timeline[0], { time: '2026-11-22T02:05:00.000Z', title: '订单取消', desc: '用户取消' }]
      })
    })
    const modal = acceptDialogs()
    const { container } = await open()
    expect(container.textContent).toContain('超时订单将自动取消')
    await tap(container.querySelector('.order-actions__cancel'))
    expect(modal).toHaveBeenCalledWith(expect.objectContaining({ title: '取消订单' }))
    expect(api.cancelOrder).toHaveBeenCalledWith({ order_id: 1 })
    await waitFor(() => expect(container.querySelector('.order-detail__status-text')?.textContent).toBe('已取消'))
    expect(container.querySelector('.order-actions')).toBeNull()
    expect(container.textContent).toContain('取消原因用户取消')
    expect(container.querySelector('.order-detail__step--now .order-detail__step-title')?.textContent).toBe('订单取消')
  })

  it('applies for 售后: the units, an amount within the quote and a reason; each missing one is named', async () => {
    api.getOrderDetail.mockResolvedValue({ detail: detail({}) })
    api.getAfterSalePreview.mockResolvedValue({
      kinds: ['refund'],
      reasons: ['拍错了/不想要了', '商品质量问题', '其他'],
      items: [{ item_id: 7, name: '罗盘', spec_text: '大号', image: '', price: 6000, refundable_quantity: 2 }],
      max_amount: 12000,
      blocked: ''
    })
    api.getAfterSaleQuote.mockImplementation(async (_id, lines) => ({ max_amount: lines === '7:1' ? 5600 : 12000 }))
    const applied = sale({ status: 'applied', status_text: '待商家处理', amount: 5000, can_cancel: true })
    api.applyAfterSale.mockResolvedValue({
      detail: detail({ status_text: '退款中', refund_status: 'applied', can_refund: false, after_sales: [applied] })
    })
    const { container } = await open()
    await tap(container.querySelector('.order-actions__refund'))
    await waitFor(() => expect(container.querySelector('.after-sale-sheet__qty')?.textContent).toBe('2'))
    // One unit: the quote follows, and the amount with it.
    await tap(container.querySelector('.after-sale-sheet__minus'))
    await waitFor(() => expect(container.textContent).toContain('最多可退 ¥56.00'))
    await tap(container.querySelector('.after-sale-sheet__btn--submit'))
    expect(container.querySelector('.after-sale-sheet__error')?.textContent).toBe('请选择退款原因')
    await fireTaro(container.querySelector('.after-sale-sheet__amount-input'), 'input', '60')
    await tap(byText(container, '.after-sale-sheet__reason', '其他'))
    await tap(container.querySelector('.after-sale-sheet__btn--submit'))
    expect(container.querySelector('.after-sale-sheet__error')?.textContent).toBe('退款金额须在 ¥0.01 到 ¥56.00 之间')
    await fireTaro(container.querySelector('.after-sale-sheet__amount-input'), 'input', '50')
    await tap(container.querySelector('.after-sale-sheet__btn--submit'))
    expect(container.querySelector('.after-sale-sheet__error')?.textContent).toBe('请写明问题（至少 2 个字）')
    expect(api.applyAfterSale).not.toHaveBeenCalled()
    await fireTaro(container.querySelector('.after-sale-sheet__text'), 'input', ' 多拍了一个 ')
    // Two photos uploaded, one taken out again: only the one left is sent.
    images.chooseAndUploadImages.mockResolvedValueOnce([
      { file_id: 41, url: 'https://cdn.test/a.png' },
      { file_id: 42, url: 'https://cdn.test/b.png' }
    ])
    await tap(container.querySelector('.photo-picker__add'))
    await waitFor(() => expect(container.querySelectorAll('.photo-picker__photo')).toHaveLength(2))
    expect(images.chooseAndUploadImages).toHaveBeenCalledWith(6, { private: true })
    await tap(container.querySelectorAll('.photo-picker__remove')[1])
    await tap(container.querySelector('.after-sale-sheet__btn--submit'))
    expect(api.applyAfterSale).toHaveBeenCalledWith({
      order_id: 1,
      kind: 'refund',
      lines: [{ item_id: 7, quantity: 1 }],
      amount: 5000,
      reason: '其他',
      description: '多拍了一个',
      image_file_ids: [41]
    })
    await waitFor(() => expect(container.querySelector('.after-sale-sheet')).toBeNull())
    expect(container.querySelector('.order-detail__status-text')?.textContent).toBe('退款中')
    expect(container.querySelector('.after-sale-card__status')?.textContent).toBe('待商家处理')
    expect(container.querySelector('.order-actions__refund')).toBeNull()
  })

  it('a return: the shop’s address, the parcel form refusing a bad number, then 买家已寄回', async () => {
    const waiting = sale({
      kind: 'return',
      kind_text: '退货退款',
      status: 'awaiting_return',
      status_text: '待买家退货',
      return_address: '王店长 13800138000 北京市朝阳区退货路1号',
      can_ship_return: true,
      can_cancel: true
    })
    api.getOrderDetail.mockResolvedValue({ detail: detail({ status: 'to_receive', after_sales: [waiting] }) })
    api.shipAfterSaleReturn.mockResolvedValue({
      detail: detail({
        status: 'to_receive',
        after_sales: [
          { ...waiting, status: 'returning', status_text: '买家已寄回', can_ship_return: false, can_cancel: false }
        ]
      })
    })
    const { container } = await open()
    expect(container.textContent).toContain('退货地址：王店长 13800138000 北京市朝阳区退货路1号')
    const [company, no] = Array.from(container.querySelectorAll('.after-sale-card__input'))
    await fireTaro(company, 'input', '顺丰速运')
    await fireTaro(no, 'input', 'SF 12')
    await tap(byText(container, '.after-sale-card__btn', '提交退货物流'))
    expect(container.querySelector('.after-sale-card__error')?.textContent).toBe(
      '请填写正确的快递单号（字母、数字和横线）'
    )
    await fireTaro(no, 'input', 'SF123456')
    await tap(byText(container, '.after-sale-card__btn', '提交退货物流'))
    expect(api.shipAfterSaleReturn).toHaveBeenCalledWith({ after_sale_id: 3, company: '顺丰速运', no: 'SF123456' })
    await waitFor(() => expect(container.querySelector('.after-sale-card__status')?.textContent).toBe('买家已寄回'))
    expect(container.querySelector('.after-sale-card__form')).toBeNull()
  })

  it('follows a refund to its end: the merchant’s reply and 已退款', async () => {
    api.getOrderDetail.mockResolvedValue({
      detail: detail({
        status: 'refunded',
        status_text: '已退款',
        refund_status: 'refunded',
        can_refund: false,
        refunded_amount: 12000,
        after_sales: [
          sale({
            status: 'refunded',
            status_text: '退款成功',
            reason: '发货太慢',
            description: '',
            reason_text: '发货太慢',
            reply: '已原路退回',
            amount: 12000
          })
        ],
        timeline: [
          ...detail({}).timeline,
          { time: '2026-11-22T03:00:00.000Z', title: '申请退款', desc: '发货太慢' },
          { time: '2026-11-22T04:00:00.000Z', title: '退款成功', desc: '已原路退回' }
        ]
      })
    })
    const { container } = await open()
    expect(container.querySelector('.order-detail__status-text')?.textContent).toBe('已退款')
    expect(container.textContent).toContain('原因：发货太慢')
    expect(container.textContent).toContain('商家回复：已原路退回')
    expect(container.querySelector('.order-detail__step--now .order-detail__step-title')?.textContent).toBe('退款成功')
    expect(container.querySelector('.order-actions')).toBeNull()
  })

  it('pays an unpaid order again through the payment service, then shows pay-success', async () => {
    const go = jest.spyOn(navigation, 'navigateTo').mockImplementation(() => undefined as never)
    api.getOrderDetail.mockResolvedValue({
      detail: detail({
        status: 'to_pay',
        status_text: '待付款',
        paid_at: '',
        pay_deadline: '2026-11-22T02:30:00.000Z',
        can_pay: true,
        can_cancel: true,
        can_refund: false
      })
    })
    const start = { out_trade_no: 'T1', amount_fen: 12000, provider: 'sandbox' as const }
    api.payOrder.mockResolvedValue(start as never)
    cashier.payOrder.mockResolvedValueOnce('cancelled' as never).mockResolvedValueOnce('paid' as never)
    const { container } = await open()
    await tap(container.querySelector('.order-actions__pay'))
    expect(api.payOrder).toHaveBeenCalledWith({ order_id: 1 })
    expect(cashier.payOrder).toHaveBeenCalledWith(start)
    expect(go).not.toHaveBeenCalled()
    await tap(container.querySelector('.order-actions__pay'))
    await waitFor(() => expect(go).toHaveBeenCalledWith('/goods/pages/order/pay-success?order_id=1'))
  })

  it('confirms receipt of a shipped order and shows its express number', async () => {
    api.getOrderDetail.mockResolvedValue({
      detail: detail({
        status: 'to_receive',
        status_text: '待收货',
        can_receipt: true,
        shipped_at: '2026-11-22T05:00:00.000Z',
        express_company: '顺丰速运',
        express_no: 'SF1234567890'
      })
    })
    api.confirmReceipt.mockResolvedValue({
      detail: detail({
        status: 'done',
        status_text: '已完成',
        can_refund: false,
        express_company: '顺丰速运',
        express_no: 'SF1234567890'
      })
    })
    acceptDialogs()
    const { container } = await open()
    expect(container.textContent).toContain('顺丰速运 SF1234567890')
    await tap(container.querySelector('.order-actions__receipt'))
    expect(api.confirmReceipt).toHaveBeenCalledWith({ order_id: 1 })
    await waitFor(() => expect(container.querySelector('.order-detail__status-text')?.textContent).toBe('已完成'))
  })
})

describe('goods/pages/order/detail, paid in the mini-program', () => {
  beforeEach(() => saveCredential(appStorage, { user_id: 7, token: 'token-7' }))
  afterEach(() => {
    cleanup()
    clearCredential(appStorage)
    jest.restoreAllMocks()
    jest.clearAllMocks()
  })
  const shipped = detail({
    status: 'to_receive',
    status_text: '待收货',
    can_receipt: true,
    shipped_at: '2026-11-22T05:00:00.000Z',
    express_company: '顺丰速运',
    express_no: 'SF1234567890',
    parcels: [
      { express_company: '顺丰速运', express_no: 'SF1234567890' },
      { express_company: '中通快递', express_no: 'ZT1234567890' }
    ],
    wechat_confirm: { transaction_id: '4200001' }
  })

  it('opened from WeChat’s shipping message, finds the order by the payment and shows every parcel', async () => {
    api.getOrderDetail.mockResolvedValue({ detail: shipped })
    const { container } = await renderPage(OrderDetailPage, {
      route: 'goods/pages/order/detail',
      params: { transaction_id: '4200001', merchant_id: '1900000001', merchant_trade_no: '20261122' }
    })
    expect(api.getOrderDetail).toHaveBeenCalledWith({ transaction_id: '4200001', merchant_trade_no: '20261122' })
    expect(container.textContent).toContain('包裹 1顺丰速运 SF1234567890')
    expect(container.textContent).toContain('包裹 2中通快递 ZT1234567890')
  })

  it('确认收货 goes through WeChat’s confirmation, and only a confirmed one reaches the server', async () => {
    api.getOrderDetail.mockResolvedValue({ detail: shipped })
    api.confirmReceipt.mockResolvedValue({ detail: detail({ status: 'done', status_text: '已完成' }) })
    const modal = acceptDialogs()
    const { container } = await renderPage(OrderDetailPage, {
      route: 'goods/pages/order/detail',
      params: { order_id: '1' }
    })
    wechatConfirm.confirmReceiptInWechat.mockResolvedValueOnce({ status: 'cancelled' })
    await tap(container.querySelector('.order-actions__receipt'))
    expect(wechatConfirm.confirmReceiptInWechat).toHaveBeenCalledWith({ transaction_id: '4200001' })
    expect(api.confirmReceipt).not.toHaveBeenCalled()
    wechatConfirm.confirmReceiptInWechat.mockResolvedValueOnce({ status: 'confirmed' })
    await tap(container.querySelector('.order-actions__receipt'))
    await waitFor(() => expect(api.confirmReceipt).toHaveBeenCalledWith({ order_id: 1 }))
    // WeChat's own page asked; ours did not ask again.
    expect(modal).not.toHaveBeenCalled()
    await waitFor(() => expect(container.querySelector('.order-detail__status-text')?.textContent).toBe('已完成'))
  })
})

describe('goods/pages/order/pay-success', () => {
  beforeEach(() => saveCredential(appStorage, { user_id: 7, token: 'token-7' }))
  afterEach(() => {
    cleanup()
    clearCredential(appStorage)
    jest.clearAllMocks()
  })

  it('waits for the server to know the payment, asking again until the order is paid', async () => {
    api.getOrderDetail
      .mockResolvedValueOnce({ detail: detail({ status: 'to_pay', status_text: '待付款', paid_at: '' }) })
      .mockResolvedValue({ detail: detail({}) })
    const { container } = await renderPage(PaySuccess, {
      route: 'goods/pages/order/pay-success',
      params: { order_id: '1' },
      depth: 2
    })
    await waitFor(() => expect(container.querySelector('.pay-success__title')?.textContent).toBe('支付确认中'))
    await waitFor(() => expect(container.querySelector('.pay-success__title')?.textContent).toBe('支付成功'), {
      timeout: 5000
    })
    expect(api.getOrderDetail).toHaveBeenCalledTimes(2)
    expect(container.querySelector('.pay-success__note')?.textContent).toBe('订单号 SO20261122100000123456，待发货')
    expect(container.querySelector('.pay-success__amount')?.textContent).toBe('¥120.00')
  })
})
