import type { FastifyInstance } from 'fastify'

import type { PayStatusResponse } from '../../../contract'
import { AppError } from '../../core/envelope'
import { userRoute } from '../../core/route'
import { scheduleSweep } from '../../core/sweep'
import { ownPayment as findOwnPayment, toPayStatus, tradeInput } from './own-payment'
import paymentRecords from './records'
import wechatNotify from './wechat-pay/notify-route'

/** How often WeChat Pay is asked about payments whose notice has not come, and lapsed payments are closed there. */
const QUERY_SWEEP_MS = 2 * 60_000
const CLOSE_SWEEP_MS = 60_000

export default async function paymentModule(app: FastifyInstance): Promise<void> {
  const { payments } = app.services
  payments.useLog(app.log)

  const ownPayment = (outTradeNo: string, userId: number) => findOwnPayment(payments, outTradeNo, userId)

  // A payment still waiting when its payer looks (the notice is late or lost) is asked about at the provider.
  userRoute(
    app,
    { method: 'GET', path: '/pay.index/status', input: tradeInput },
    async ({ input, userId }): Promise<PayStatusResponse> => {
      const p = await ownPayment(input.out_trade_no, userId)
      if (p.status !== 'created') return toPayStatus(p)
      await payments.syncWaiting(p)
      return toPayStatus(await ownPayment(input.out_trade_no, userId))
    }
  )

  if (payments.provider.name !== 'sandbox') {
    scheduleSweep(app, 'payments: asking WeChat Pay about payments without a notice', QUERY_SWEEP_MS, () =>
      payments.syncUnanswered()
    )
    scheduleSweep(app, 'payments: closing lapsed payments at WeChat Pay', CLOSE_SWEEP_MS, () => payments.closeLapsed())
  }

  await app.register(paymentRecords)

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
