import type { FastifyInstance, FastifyRequest } from 'fastify'

import type { PayStart } from '../../../contract'
import { paramsOf } from '../../core/request-params'
import type { Payment } from './provider'
import type { PayClient } from './service'

/** The client a request comes from: WeChat's browser (h5), the mini-program (wxapp) or any other browser (web). */
export function clientKind(req: FastifyRequest): PayClient['kind'] {
  const client = String(paramsOf(req).client ?? '')
  return client === 'h5' || client === 'wxapp' ? client : 'web'
}

/** Hands a created payment to the client it was asked from, in the way that client can pay. */
export function startPayment(app: FastifyInstance, req: FastifyRequest, payment: Payment): Promise<PayStart> {
  return app.services.payments.start(payment, {
    kind: clientKind(req),
    userAgent: String(req.headers['user-agent'] ?? ''),
    ip: req.ip,
    appIds: { h5: app.config.wechat.appId, wxapp: app.config.wechat.mpAppId },
    resultUrl: `${app.config.publicUrl}/#/pages/pay/pay?out_trade_no=${payment.outTradeNo}`
  })
}
