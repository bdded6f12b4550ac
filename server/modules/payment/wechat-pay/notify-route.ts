import type { FastifyInstance } from 'fastify'

import { AppError } from '../../../core/envelope'
import type { TransferAnswer } from '../provider'
import { NotifyRejected, readPaymentNotice, readRefundNotice, readTransferNotice } from './notify'

/**
 * WeChat Pay's payment and refund notices. It answers in WeChat's format, not the envelope: 204 when handled
 * (WeChat stops retrying), 4xx/5xx with {code:'FAIL'} to be retried later.
 */
export default async function wechatNotify(app: FastifyInstance): Promise<void> {
  const keys = app.services.wechatPayKeys
  if (!keys) return
  const noticeKeys = {
    platformKey: keys.platformKey,
    platformSerial: app.config.pay.wechat.platformSerial,
    apiV3Key: app.config.pay.wechat.apiV3Key
  }
  // The signature covers the exact bytes, so the body stays a string here.
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) =>
    done(null, body)
  )

  app.post('/pay.notify/wechat', async (req, reply) => {
    const fail = (status: number, message: string) => reply.status(status).send({ code: 'FAIL', message })
    let paid
    try {
      paid = readPaymentNotice(req.headers, typeof req.body === 'string' ? req.body : '', noticeKeys)
    } catch (e) {
      if (e instanceof NotifyRejected) {
        req.log.warn({ reason: e.message }, 'wechat pay notice rejected')
        return fail(401, '签名验证失败')
      }
      throw e
    }
    if (!paid) return reply.status(204).send()
    try {
      const outcome = await app.services.payments.markPaid(paid.outTradeNo, {
        amountFen: paid.amountFen,
        providerTxnId: paid.transactionId,
        appId: paid.appId,
        payerOpenid: paid.payerOpenid
      })
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
  app.post('/pay.notify/wechatRefund', async (req, reply) => {
    const fail = (status: number, message: string) => reply.status(status).send({ code: 'FAIL', message })
    let result
    try {
      result = readRefundNotice(req.headers, typeof req.body === 'string' ? req.body : '', noticeKeys)
    } catch (e) {
      if (e instanceof NotifyRejected) {
        req.log.warn({ reason: e.message }, 'wechat refund notice rejected')
        return fail(401, '签名验证失败')
      }
      throw e
    }
    if (!result) return reply.status(204).send()
    try {
      const status = await app.services.payments.refundNoticed(result)
      // A refund made outside this server (the merchant platform) is acknowledged, not retried forever.
      if (!status) req.log.warn({ out_refund_no: result.outRefundNo }, 'wechat refund notice for an unknown refund')
      else req.log.info({ out_refund_no: result.outRefundNo, status }, 'wechat refund notice')
      return reply.status(204).send()
    } catch (e) {
      if (e instanceof AppError) {
        req.log.error({ out_refund_no: result.outRefundNo, reason: e.message }, 'wechat refund notice refused')
        return fail(400, e.message)
      }
      req.log.error({ err: e }, 'wechat refund notice failed')
      return fail(500, '处理失败')
    }
  })
  // Merchant transfers (withdrawals): the final state of a transfer, which the sweep also follows.
  app.post('/pay.notify/wechatTransfer', async (req, reply) => {
    const fail = (status: number, message: string) => reply.status(status).send({ code: 'FAIL', message })
    let result
    try {
      result = readTransferNotice(req.headers, typeof req.body === 'string' ? req.body : '', noticeKeys)
    } catch (e) {
      if (e instanceof NotifyRejected) {
        req.log.warn({ reason: e.message }, 'wechat transfer notice rejected')
        return fail(401, '签名验证失败')
      }
      throw e
    }
    if (!result) return reply.status(204).send()
    try {
      const answer: TransferAnswer = {
        state: result.state as TransferAnswer['state'],
        transferBillNo: result.transferBillNo,
        failReason: result.failReason,
        amountFen: result.amountFen
      }
      const row = await app.services.payouts.settle(result.outBillNo, answer)
      req.log.info({ out_bill_no: result.outBillNo, status: row.status }, 'wechat transfer notice')
      return reply.status(204).send()
    } catch (e) {
      if (e instanceof AppError) {
        req.log.error({ out_bill_no: result.outBillNo, reason: e.message }, 'wechat transfer notice refused')
        // A transfer made outside this server (the merchant platform) is acknowledged, not retried forever.
        return e.message === '提现单不存在' ? reply.status(204).send() : fail(400, e.message)
      }
      req.log.error({ err: e }, 'wechat transfer notice failed')
      return fail(500, '处理失败')
    }
  })
}
