import type { CashReceiveResponse, PaymentStatus, PayStart, WechatPayParams } from '@contract'

import { formatFen } from './format'

export type PayOutcome = 'paid' | 'cancelled'

export interface PayDeps {
  /** The platform's WeChat Pay: wx.requestPayment in the mini-program, WeixinJSBridge on H5. */
  wechatPay(params: WechatPayParams): Promise<PayOutcome>
  /** H5 payment in a mobile browser: goes to WeChat's cashier page, which comes back to the pay result page. */
  openPayPage(url: string): void
  /**
   * Native payment on a desktop: shows the QR to scan and waits until the server sees it paid, or the user gives up.
   */
  scanToPay(codeUrl: string, outTradeNo: string): Promise<PayOutcome>
  /** Asks the user to confirm a sandbox payment; true when confirmed. */
  confirm(title: string, content: string): Promise<boolean>
  /** POST /api/pay.sandbox/confirm */
  confirmSandbox(outTradeNo: string): Promise<unknown>
}

/**
 * Pays what a domain's pay endpoint started. With the sandbox provider (development, plain browsers)
 * the user confirms a simulated payment; with WeChat Pay the platform shows WeChat's own cashier.
 * Resolves 'paid' or 'cancelled'; a failure rejects. The order status is the server's to confirm.
 */
export async function pay(start: PayStart, deps: PayDeps): Promise<PayOutcome> {
  if (start.provider === 'sandbox') {
    const confirmed = await deps.confirm('模拟支付', `支付 ${formatFen(start.amount_fen)}（测试环境，不会真实扣款）`)
    if (!confirmed) return 'cancelled'
    await deps.confirmSandbox(start.out_trade_no)
    return 'paid'
  }
  if (start.channel === 'h5') {
    if (!start.h5_url) throw new Error('支付参数缺失，请稍后再试')
    deps.openPayPage(start.h5_url)
    // The page is leaving for WeChat's cashier; the result page takes over when it comes back.
    return new Promise<PayOutcome>(() => undefined)
  }
  if (start.channel === 'native') {
    if (!start.code_url) throw new Error('支付参数缺失，请稍后再试')
    return deps.scanToPay(start.code_url, start.out_trade_no)
  }
  if (!start.pay_params) throw new Error('支付参数缺失，请稍后再试')
  return deps.wechatPay(start.pay_params)
}

/**
 * Asks the server about a payment until it is paid ('paid') or `stopped()` says the user gave up
 * ('cancelled'); a payment closed meanwhile rejects. The server asks WeChat Pay itself when its notice is late.
 */
export async function waitForPayment(
  read: () => Promise<PaymentStatus>,
  opts: { intervalMs: number; stopped: () => boolean; sleep?: (ms: number) => Promise<void> }
): Promise<PayOutcome> {
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
  for (;;) {
    if (opts.stopped()) return 'cancelled'
    const status = await read().catch(() => 'created' as const)
    if (status === 'paid') return 'paid'
    if (status === 'closed' || status === 'refunded') throw new Error('支付单已关闭，请重新下单')
    await sleep(opts.intervalMs)
  }
}

export interface ReceiveDeps {
  /** The platform's 确认收款: wx.requestMerchantTransfer in the mini-program, WeixinJSBridge on H5. */
  wechatReceive(receipt: CashReceiveResponse): Promise<PayOutcome>
  confirm(title: string, content: string): Promise<boolean>
  /** POST /api/pay.sandbox/receiveTransfer */
  confirmSandbox(): Promise<unknown>
}

/**
 * Accepts a withdrawal's transfer into the WeChat change: 'paid' once accepted, 'cancelled' when the user backs out.
 */
export async function receiveTransfer(
  receipt: CashReceiveResponse,
  amountFen: number,
  deps: ReceiveDeps
): Promise<PayOutcome> {
  if (receipt.provider === 'sandbox') {
    const confirmed = await deps.confirm(
      '模拟确认收款',
      `收款 ${formatFen(amountFen)} 到微信零钱（测试环境，不会真实到账）`
    )
    if (!confirmed) return 'cancelled'
    await deps.confirmSandbox()
    return 'paid'
  }
  return deps.wechatReceive(receipt)
}
