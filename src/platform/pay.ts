import type { PayStart, Withdrawal } from '@contract'

import { confirmSandboxPay } from '@/api/pay'
import { confirmSandboxTransfer, getTransferReceipt } from '@/api/wallet'
import { pay, type PayOutcome, receiveTransfer } from '@/core/pay'

import { openPayPage, scanToPay } from './pay-web'
import { confirmDialog } from './ui'
import { wechatPay, wechatReceive } from './wechat-pay'

/**
 * Pays what a domain's pay endpoint started, on either target: 'paid' or 'cancelled'; failures reject.
 * In a mobile browser the page leaves for WeChat's H5 cashier and comes back to the pay result page.
 */
export function payOrder(start: PayStart): Promise<PayOutcome> {
  return pay(start, {
    wechatPay,
    openPayPage,
    scanToPay,
    confirm: confirmDialog,
    confirmSandbox: (outTradeNo) => confirmSandboxPay({ out_trade_no: outTradeNo })
  })
}

/**
 * 确认收款 of an approved withdrawal waiting for the user: 'paid' once accepted in WeChat, 'cancelled' if they back out.
 */
export async function receiveWithdrawal(w: Withdrawal): Promise<PayOutcome> {
  const receipt = await getTransferReceipt({ id: w.id })
  return receiveTransfer(receipt, w.amount_fen, {
    wechatReceive,
    confirm: confirmDialog,
    confirmSandbox: () => confirmSandboxTransfer({ id: w.id })
  })
}
