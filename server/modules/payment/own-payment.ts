import { z } from 'zod'

import type { PayStatusResponse } from '../../../contract'
import { ownedBy } from '../../core/envelope'
import { text } from '../../core/validate'
import type { Payment } from './provider'
import type { PaymentService } from './service'

export const tradeInput = z.object({ out_trade_no: text(32, 1).regex(/^[0-9A-Za-z_\-|*]+$/) })

/** A user only ever sees their own payments; anyone else's is refused as such. */
export async function ownPayment(payments: PaymentService, outTradeNo: string, userId: number): Promise<Payment> {
  return ownedBy(await payments.find(outTradeNo), userId, '支付单不存在')
}

export function toPayStatus(p: Payment): PayStatusResponse {
  return {
    out_trade_no: p.outTradeNo,
    status: p.status,
    amount_fen: p.amountFen,
    biz_type: p.bizType,
    biz_id: p.bizId,
    paid_at: p.paidAt ? p.paidAt.toISOString() : ''
  }
}
