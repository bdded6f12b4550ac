import type { FastifyInstance } from 'fastify'
import { AppError } from '../../core/envelope'
import { userRoute } from '../../core/route'
import type { PayStatusResponse } from '../../../src/api/contract'
import { ownPayment as findOwnPayment, toPayStatus, tradeInput } from './own-payment'
import wechatNotify from './wechat-pay/notify-route'
import paymentRecords from './records'

export default async function paymentModule(app: FastifyInstance): Promise<void> {
  const { payments } = app.services
  payments.useLog(app.log)

  const ownPayment = (outTradeNo: string, userId: number) => findOwnPayment(payments, outTradeNo, userId)

  userRoute(app, { method: 'GET', path: '/pay.index/status', input: tradeInput }, async ({ input, userId }): Promise<PayStatusResponse> => {
    return toPayStatus(await ownPayment(input.out_trade_no, userId))
  })

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
