import type { FastifyInstance } from 'fastify'
import { AppError } from '../../../core/envelope'
import { NotifyRejected, readPaymentNotice } from './notify'

/**
 * WeChat Pay's payment notice. It answers in WeChat's format, not the envelope: 204 when handled
 * (WeChat stops retrying), 4xx/5xx with {code:'FAIL'} to be retried later.
 */
export default async function wechatNotify(app: FastifyInstance): Promise<void> {
  const keys = app.services.wechatPayKeys
  if (!keys) return
  // The signature covers the exact bytes, so the body stays a string here.
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body))

  app.post('/pay.notify/wechat', async (req, reply) => {
    const fail = (status: number, message: string) => reply.status(status).send({ code: 'FAIL', message })
    let paid
    try {
      paid = readPaymentNotice(req.headers, typeof req.body === 'string' ? req.body : '', { platformKey: keys.platformKey, apiV3Key: app.config.pay.wechat.apiV3Key })
    } catch (e) {
      if (e instanceof NotifyRejected) {
        req.log.warn({ reason: e.message }, 'wechat pay notice rejected')
        return fail(401, '签名验证失败')
      }
      throw e
    }
    if (!paid) return reply.status(204).send()
    try {
      const outcome = await app.services.payments.markPaid(paid.outTradeNo, { amountFen: paid.amountFen, providerTxnId: paid.transactionId })
      req.log.info({ out_trade_no: paid.outTradeNo, outcome }, 'wechat pay notice')
      return reply.status(204).send()
    } catch (e) {
      if (e instanceof AppError) {
        req.log.error({ out_trade_no: paid.outTradeNo, reason: e.message }, 'wechat pay notice refused')
        return fail(400, e.message)
      }
      req.log.error({ err: e }, 'wechat pay notice failed')
      return fail(500, '处理失败')
    }
  })
}
