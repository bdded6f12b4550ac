import { confirmReceiptInWechat as inBrowser } from '../../../src/platform/order-confirm'
import { confirmReceiptInWechat } from '../../../src/platform/order-confirm.weapp'

type Options = { businessType: string; extraData: object; success(r: unknown): void; fail(e: unknown): void }

/** The mini-program's wx with WeChat's 确认收货 component answering as WeChat does. */
function withWx(answer: (o: Options) => void) {
  const calls: Options[] = []
  ;(globalThis as { wx?: unknown }).wx = {
    openBusinessView: (o: Options) => {
      calls.push(o)
      answer(o)
    }
  }
  return calls
}

afterEach(() => delete (globalThis as { wx?: unknown }).wx)

describe('WeChat’s 确认收货 component (wx.openBusinessView weappOrderConfirm)', () => {
  it('opens it for the payment and reads its answer from extraData.status', async () => {
    const calls = withWx((o) => o.success({ errMsg: 'openBusinessView:ok', extraData: { status: 'success' } }))
    await expect(confirmReceiptInWechat({ transaction_id: '4200001' })).resolves.toEqual({ status: 'confirmed' })
    expect(calls[0]).toMatchObject({ businessType: 'weappOrderConfirm', extraData: { transaction_id: '4200001' } })
  })

  it('a cancel, a failure with WeChat’s reason, and a component that would not open', async () => {
    withWx((o) => o.success({ extraData: { status: 'cancel' } }))
    await expect(confirmReceiptInWechat({ transaction_id: '1' })).resolves.toEqual({ status: 'cancelled' })
    withWx((o) => o.success({ extraData: { status: 'fail', errormsg: '获取用户订单失败' } }))
    await expect(confirmReceiptInWechat({ merchant_id: '19', merchant_trade_no: 'T1' })).resolves.toEqual({
      status: 'failed',
      message: '微信确认收货未完成，请稍后再试：获取用户订单失败'
    })
    withWx((o) => o.fail({ errMsg: 'openBusinessView:fail cancel' }))
    await expect(confirmReceiptInWechat({ transaction_id: '1' })).resolves.toEqual({ status: 'cancelled' })
    withWx((o) => o.fail({ errMsg: 'openBusinessView:fail system error' }))
    await expect(confirmReceiptInWechat({ transaction_id: '1' })).resolves.toMatchObject({ status: 'failed' })
  })

  it('an old WeChat without it, and a browser, leave the confirmation to the app', async () => {
    ;(globalThis as { wx?: unknown }).wx = {}
    await expect(confirmReceiptInWechat({ transaction_id: '1' })).resolves.toEqual({ status: 'unavailable' })
    await expect(inBrowser({ transaction_id: '1' })).resolves.toEqual({ status: 'unavailable' })
  })
})
