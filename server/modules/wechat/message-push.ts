import crypto from 'node:crypto'

import type { FastifyInstance, FastifyRequest } from 'fastify'

import { TRADE_MANAGE_EVENTS, tradeManagePushed } from './shipping-events'

/** WeChat's push signature: sha1 of token, timestamp and nonce sorted and joined. */
export function pushSignature(token: string, timestamp: string, nonce: string): string {
  return crypto.createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest('hex')
}

const MAX_SKEW_SECONDS = 300

/**
 * The mini-program's message push (消息推送, plain-text mode, JSON), at `/api/wechat.push/mp`:
 * GET answers WeChat's address check, POST takes `wxa_media_check` verdicts and the 发货信息管理服务's
 * trade_manage_* events (shipping-events.ts). Without `WECHAT_MP_PUSH_TOKEN` nothing is pushed to us, and
 * no image is sent to WeChat's check.
 */
export function registerMessagePush(app: FastifyInstance): void {
  const token = app.config.wechat.mpPushToken
  const fromWechat = (req: FastifyRequest) => {
    const q = req.query as Record<string, string | undefined>
    const { signature = '', timestamp = '', nonce = '' } = q
    if (!token || !/^\d{1,12}$/.test(timestamp) || Math.abs(Date.now() / 1000 - Number(timestamp)) > MAX_SKEW_SECONDS)
      return false
    const want = Buffer.from(pushSignature(token, timestamp, nonce))
    const got = Buffer.from(signature)
    return got.length === want.length && crypto.timingSafeEqual(got, want)
  }

  app.get('/wechat.push/mp', async (req, reply) => {
    if (!fromWechat(req)) return reply.code(403).send('forbidden')
    return reply.type('text/plain').send(String((req.query as Record<string, unknown>).echostr ?? ''))
  })

  app.post('/wechat.push/mp', async (req, reply) => {
    if (!fromWechat(req)) return reply.code(403).send('forbidden')
    const msg = (req.body ?? {}) as { Event?: unknown; trace_id?: unknown; result?: { suggest?: unknown } }
    if (msg.Event === 'wxa_media_check' && typeof msg.trace_id === 'string') {
      const known = await app.services.contentGuard.verdict(msg.trace_id, String(msg.result?.suggest ?? ''))
      // An unknown trace came before its content was stored: a failure makes WeChat push it again.
      if (!known) return reply.code(503).send('retry')
    }
    if (typeof msg.Event === 'string' && TRADE_MANAGE_EVENTS.has(msg.Event))
      await tradeManagePushed(app.services.shipping, req.body, req.log)
    return reply.type('text/plain').send('success')
  })
}
