import crypto from 'node:crypto'
import fs from 'node:fs'
import type { WechatPayConfig } from '../../../config'
import type { PayProvider, RefundAnswer } from '../provider'
import { authorizationHeader, platformPublicKey, signMessage } from './crypto'

export interface WechatPayKeys {
  privateKey: crypto.KeyObject
  platformKey: crypto.KeyObject
}

export function loadWechatPayKeys(cfg: WechatPayConfig): WechatPayKeys {
  if (!cfg.mchId || !cfg.serialNo || !cfg.privateKeyPath || !cfg.platformCertPath || cfg.apiV3Key.length !== 32) {
    throw new Error('微信支付配置不完整 (WeChat Pay settings incomplete): mch id, serial, private key, platform cert and a 32-byte API v3 key are required')
  }
  return {
    privateKey: crypto.createPrivateKey(fs.readFileSync(cfg.privateKeyPath, 'utf8')),
    platformKey: platformPublicKey(fs.readFileSync(cfg.platformCertPath, 'utf8'))
  }
}

const REFUND_STATUSES = new Set(['SUCCESS', 'PROCESSING', 'ABNORMAL', 'CLOSED'])

/** WeChat Pay v3 JSAPI (also serves the mini-program: same prepay, the payer's openid under its app id). */
export function wechatPay(cfg: WechatPayConfig, keys: WechatPayKeys): PayProvider {
  const post = async (path: string, body: string) => {
    const res = await fetch(cfg.apiBase + path, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        authorization: authorizationHeader({ mchId: cfg.mchId, serialNo: cfg.serialNo, privateKey: keys.privateKey }, 'POST', path, body)
      },
      body,
      signal: AbortSignal.timeout(10_000)
    })
    return { res, reply: (await res.json().catch(() => ({}))) as Record<string, unknown> }
  }
  return {
    name: 'wechat',
    async start(payment, payer) {
      if (!payer.openid || !payer.appId) throw new Error('WeChat Pay needs the payer openid and app id')
      const path = '/v3/pay/transactions/jsapi'
      const body = JSON.stringify({
        appid: payer.appId,
        mchid: cfg.mchId,
        description: payment.description,
        out_trade_no: payment.outTradeNo,
        notify_url: cfg.notifyUrl,
        amount: { total: payment.amountFen, currency: 'CNY' },
        payer: { openid: payer.openid }
      })
      const { res, reply: r } = await post(path, body)
      const reply = r as { prepay_id?: string; code?: string; message?: string }
      if (!res.ok || !reply.prepay_id) throw new Error(`WeChat Pay prepay failed: ${res.status} ${reply.code ?? ''} ${reply.message ?? ''}`)
      const timeStamp = String(Math.floor(Date.now() / 1000))
      const nonceStr = crypto.randomBytes(16).toString('hex')
      const pkg = `prepay_id=${reply.prepay_id}`
      return {
        out_trade_no: payment.outTradeNo,
        amount_fen: payment.amountFen,
        provider: 'wechat',
        pay_params: {
          appId: payer.appId,
          timeStamp,
          nonceStr,
          package: pkg,
          signType: 'RSA',
          paySign: signMessage([payer.appId, timeStamp, nonceStr, pkg], keys.privateKey)
        }
      }
    },

    async refund(req) {
      const body = JSON.stringify({
        out_trade_no: req.outTradeNo,
        out_refund_no: req.outRefundNo,
        reason: req.reason.slice(0, 80) || undefined,
        notify_url: cfg.refundNotifyUrl,
        amount: { refund: req.refundFen, total: req.totalFen, currency: 'CNY' }
      })
      const { res, reply } = await post('/v3/refund/domestic/refunds', body)
      const status = String(reply.status ?? '')
      if (res.ok && REFUND_STATUSES.has(status)) {
        return { status: status as RefundAnswer['status'], refundId: typeof reply.refund_id === 'string' ? reply.refund_id : undefined }
      }
      const detail = `${res.status} ${String(reply.code ?? '')} ${String(reply.message ?? '')}`.trim()
      // 4xx with an error code: refused, nothing was created. Anything else may have been applied.
      if (res.status >= 400 && res.status < 500 && reply.code) return { status: 'REJECTED', message: String(reply.message ?? reply.code) }
      throw new Error(`WeChat Pay refund unanswered: ${detail}`)
    }
  }
}
