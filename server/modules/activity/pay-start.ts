import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { PayStart } from '../../../src/api/contract'
import type { Payment } from '../payment/provider'
import { paramsOf } from '../../core/request-params'

/** Hands a created payment to the client it was asked from (WeChat H5, mini-program or a plain browser). */
export function startPayment(app: FastifyInstance, req: FastifyRequest, payment: Payment): Promise<PayStart> {
  const client = String(paramsOf(req).client ?? '')
  const kind = client === 'h5' || client === 'wxapp' ? client : 'web'
  return app.services.payments.start(payment, kind, { h5: app.config.wechat.appId, wxapp: app.config.wechat.mpAppId })
}
