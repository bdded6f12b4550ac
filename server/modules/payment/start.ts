import type { FastifyInstance, FastifyRequest } from 'fastify'

import type { PayStart } from '../../../contract'
import { AppError } from '../../core/envelope'
import { clientKind } from '../../core/request-params'
import type { Payment } from './provider'

export const MSG_PAY_START_FAILED = '微信支付暂时不可用，请稍后重新支付'

/**
 * Hands a created payment to the client it was asked from, in the way that client can pay. A payment service
 * that fails to answer (a 500, a time-out) is the buyer's plain message, not 服务器繁忙: the payment stays open and
 * the next tap on 支付 tries again.
 */
export async function startPayment(app: FastifyInstance, req: FastifyRequest, payment: Payment): Promise<PayStart> {
  try {
    return await app.services.payments.start(payment, {
      kind: clientKind(req),
      userAgent: String(req.headers['user-agent'] ?? ''),
      ip: req.ip,
      appIds: { h5: app.config.wechat.appId, wxapp: app.config.wechat.mpAppId },
      resultUrl: `${app.config.publicUrl}/#/pages/pay/pay?out_trade_no=${payment.outTradeNo}`
    })
  } catch (e) {
    if (e instanceof AppError) throw e
    req.log.error({ err: e, out_trade_no: payment.outTradeNo }, 'starting a payment failed')
    throw new AppError(MSG_PAY_START_FAILED)
  }
}
