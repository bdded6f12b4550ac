import type { PayStart } from '../../../contract'
import { pay, receiveTransfer, waitForPayment } from '../../../src/core/pay'

const params = {
  appId: 'wx1',
  timeStamp: '1700000000',
  nonceStr: 'n',
  package: 'prepay_id=wx1',
  signType: 'RSA' as const,
  paySign: 's'
}

function deps(confirmed = true) {
  return {
    wechatPay: jest.fn(async () => 'paid' as const),
    openPayPage: jest.fn(),
    scanToPay: jest.fn(async () => 'paid' as const),
    confirm: jest.fn(async () => confirmed),
    confirmSandbox: jest.fn(async () => undefined)
  }
}

describe('pay', () => {
  it('sandbox: asks, then confirms at the server', async () => {
    const d = deps()
    const start: PayStart = { out_trade_no: 'T1', amount_fen: 1280, provider: 'sandbox' }
    await expect(pay(start, d)).resolves.toBe('paid')
    expect(d.confirm.mock.calls[0]).toEqual(['模拟支付', '支付 ¥12.80（测试环境，不会真实扣款）'])
    expect(d.confirmSandbox).toHaveBeenCalledWith('T1')
    expect(d.wechatPay).not.toHaveBeenCalled()
  })

  it('sandbox: a declined confirmation is a cancel', async () => {
    const d = deps(false)
    await expect(pay({ out_trade_no: 'T1', amount_fen: 1, provider: 'sandbox' }, d)).resolves.toBe('cancelled')
    expect(d.confirmSandbox).not.toHaveBeenCalled()
  })

  it("wechat: hands the server's pay params to the platform", async () => {
    const d = deps()
    await expect(pay({ out_trade_no: 'T2', amount_fen: 1, provider: 'wechat', pay_params: params }, d)).resolves.toBe(
      'paid'
    )
    expect(d.wechatPay).toHaveBeenCalledWith(params)
  })

  it('wechat without params fails', async () => {
    await expect(pay({ out_trade_no: 'T3', amount_fen: 1, provider: 'wechat' }, deps())).rejects.toThrow('支付参数缺失')
  })
})

describe('paying outside WeChat', () => {
  it("h5: the browser goes to WeChat's cashier and the promise stays open (the result page takes over)", async () => {
    const d = deps()
    let settled = false
    void pay(
      {
        out_trade_no: 'T4',
        amount_fen: 1,
        provider: 'wechat',
        channel: 'h5',
        h5_url: 'https://wx.tenpay.com/x?prepay_id=1&redirect_url=r'
      },
      d
    ).then(() => (settled = true))
    await new Promise((r) => setTimeout(r, 10))
    expect(d.openPayPage).toHaveBeenCalledWith('https://wx.tenpay.com/x?prepay_id=1&redirect_url=r')
    expect(settled).toBe(false)
    expect(d.wechatPay).not.toHaveBeenCalled()
  })

  it('native: shows the QR of code_url and resolves with its outcome', async () => {
    const d = deps()
    await expect(
      pay(
        {
          out_trade_no: 'T5',
          amount_fen: 1,
          provider: 'wechat',
          channel: 'native',
          code_url: 'weixin://wxpay/bizpayurl?pr=abc'
        },
        d
      )
    ).resolves.toBe('paid')
    expect(d.scanToPay).toHaveBeenCalledWith('weixin://wxpay/bizpayurl?pr=abc', 'T5')
  })

  it('waitForPayment asks until paid, gives up when stopped, and rejects a closed payment', async () => {
    const sleep = jest.fn(async () => undefined)
    const answers = ['created', 'created', 'paid'] as const
    let i = 0
    await expect(
      waitForPayment(async () => answers[i++], { intervalMs: 2000, stopped: () => false, sleep })
    ).resolves.toBe('paid')
    expect(sleep).toHaveBeenCalledTimes(2)
    let asked = 0
    await expect(
      waitForPayment(async () => (asked++, 'created'), { intervalMs: 1, stopped: () => asked >= 3, sleep })
    ).resolves.toBe('cancelled')
    await expect(waitForPayment(async () => 'closed', { intervalMs: 1, stopped: () => false, sleep })).rejects.toThrow(
      '支付单已关闭'
    )
  })
})

describe('确认收款', () => {
  const receipt = { provider: 'wechat' as const, mch_id: '1900000001', app_id: 'wx1', package_info: 'pkg' }
  it('wechat: hands the receipt to the platform', async () => {
    const d = { wechatReceive: jest.fn(async () => 'paid' as const), confirm: jest.fn(), confirmSandbox: jest.fn() }
    await expect(receiveTransfer(receipt, 100, d)).resolves.toBe('paid')
    expect(d.wechatReceive).toHaveBeenCalledWith(receipt)
    expect(d.confirm).not.toHaveBeenCalled()
  })
  it('sandbox: asks, then accepts at the server; declining accepts nothing', async () => {
    const d = {
      wechatReceive: jest.fn(),
      confirm: jest.fn(async () => true),
      confirmSandbox: jest.fn(async () => undefined)
    }
    await expect(receiveTransfer({ ...receipt, provider: 'sandbox' }, 1050, d)).resolves.toBe('paid')
    expect(d.confirm.mock.calls[0]).toEqual(['模拟确认收款', '收款 ¥10.50 到微信零钱（测试环境，不会真实到账）'])
    expect(d.confirmSandbox).toHaveBeenCalledTimes(1)
    d.confirm.mockResolvedValueOnce(false)
    await expect(receiveTransfer({ ...receipt, provider: 'sandbox' }, 1050, d)).resolves.toBe('cancelled')
    expect(d.confirmSandbox).toHaveBeenCalledTimes(1)
  })
})
