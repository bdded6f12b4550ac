import type { PayStart } from '@/api/contract'
import { pay } from '@/core/pay'

const params = { appId: 'wx1', timeStamp: '1700000000', nonceStr: 'n', package: 'prepay_id=wx1', signType: 'RSA' as const, paySign: 's' }

function deps(confirmed = true) {
  return {
    wechatPay: jest.fn(async () => 'paid' as const),
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

  it('wechat: hands the server\'s pay params to the platform', async () => {
    const d = deps()
    await expect(pay({ out_trade_no: 'T2', amount_fen: 1, provider: 'wechat', pay_params: params }, d)).resolves.toBe('paid')
    expect(d.wechatPay).toHaveBeenCalledWith(params)
  })

  it('wechat without params fails', async () => {
    await expect(pay({ out_trade_no: 'T3', amount_fen: 1, provider: 'wechat' }, deps())).rejects.toThrow('支付参数缺失')
  })
})
