import type { PayStart } from '../api/contract'
import { confirmSandboxPay } from '../api/pay'
import { pay, type PayOutcome } from '../core/pay'
import { confirmDialog } from './ui'
import { wechatPay } from './wechat-pay'

/** Pays what a domain's pay endpoint started, on either target: 'paid' or 'cancelled'; failures reject. */
export function payOrder(start: PayStart): Promise<PayOutcome> {
  return pay(start, {
    wechatPay,
    confirm: confirmDialog,
    confirmSandbox: (outTradeNo) => confirmSandboxPay({ out_trade_no: outTradeNo })
  })
}
