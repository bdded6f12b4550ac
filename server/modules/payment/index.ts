import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { AppError } from '../../core/envelope'
import { userRoute } from '../../core/route'
import { text } from '../../core/validate'
import type { PayStatusResponse } from '../../../src/api/contract'
import type { Payment } from './provider'
import wechatNotify from './wechat-pay/notify-route'

const tradeInput = z.object({ out_trade_no: text(32, 1).regex(/^[0-9A-Za-z_\-|*]+$/) })

export default async function paymentModule(app: FastifyInstance): Promise<void> {
  const { payments } = app.services

  /** A user only ever sees their own payments; anyone else's looks like a missing one. */
  async function ownPayment(outTradeNo: string, userId: number): Promise<Payment> {
    const p = await payments.find(outTradeNo)
    if (!p || p.userId !== userId) throw new AppError('支付单不存在')
    return p
  }

  userRoute(app, { method: 'GET', path: '/pay.index/status', input: tradeInput }, async ({ input, userId }): Promise<PayStatusResponse> => {
    const p = await ownPayment(input.out_trade_no, userId)
    return {
      out_trade_no: p.outTradeNo,
      status: p.status,
      amount_fen: p.amountFen,
      biz_type: p.bizType,
      biz_id: p.bizId,
      paid_at: p.paidAt ? p.paidAt.toISOString() : ''
    }
  })

  if (payments.provider.name === 'sandbox') {
    userRoute(app, { method: 'POST', path: '/pay.sandbox/confirm', input: tradeInput }, async ({ input, userId }) => {
      const p = await ownPayment(input.out_trade_no, userId)
      if (p.status === 'closed' || p.status === 'refunded') throw new AppError('支付单已关闭')
      await payments.markPaid(p.outTradeNo, { amountFen: p.amountFen, providerTxnId: `sandbox_${p.outTradeNo}` })
      return { status: 'paid' }
    })
    userRoute(app, { method: 'POST', path: '/pay.sandbox/fail', input: tradeInput }, async ({ input, userId }) => {
      const p = await ownPayment(input.out_trade_no, userId)
      if (p.status === 'paid') throw new AppError('该订单已支付')
      await payments.close(p.outTradeNo)
      return { status: 'closed' }
    })
  }

  if (app.services.wechatPayKeys) await app.register(wechatNotify)
}
