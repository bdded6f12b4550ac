import crypto from 'node:crypto'
import fs from 'node:fs'

import type { PayStart } from '../../../../contract'
import type { WechatPayConfig } from '../../../config'
import type { PayProvider, RefundAnswer, TradeQuery, TransferAnswer } from '../provider'
import { authorizationHeader, encryptField, platformPublicKey, signMessage, verifyMessage } from './crypto'

export interface WechatPayKeys {
  privateKey: crypto.KeyObject
  platformKey: crypto.KeyObject
}

export function loadWechatPayKeys(cfg: WechatPayConfig): WechatPayKeys {
  if (!cfg.mchId || !cfg.serialNo || !cfg.privateKeyPath || !cfg.platformCertPath || cfg.apiV3Key.length !== 32) {
    throw new Error(
      '微信支付配置不完整 (WeChat Pay settings incomplete): mch id, serial, private key, platform cert and a ' +
        '32-byte API v3 key are required'
    )
  }
  return {
    privateKey: crypto.createPrivateKey(fs.readFileSync(cfg.privateKeyPath, 'utf8')),
    platformKey: platformPublicKey(fs.readFileSync(cfg.platformCertPath, 'utf8'))
  }
}

const REFUND_STATUSES = new Set(['SUCCESS', 'PROCESSING', 'ABNORMAL', 'CLOSED'])
const TRANSFER_STATES = new Set([
  'ACCEPTED',
  'PROCESSING',
  'WAIT_USER_CONFIRM',
  'TRANSFERING',
  'SUCCESS',
  'FAIL',
  'CANCELING',
  'CANCELLED'
])
/** WeChat requires the payee's name from 2,000 yuan on. */
const NAME_REQUIRED_FEN = 200_000

/** 转账场景报备信息: the fixed info types each scene requires (WeChat Pay merchant transfer docs). */
const SCENE_REPORTS: Record<string, { info_type: string; info_content: string }[]> = {
  '1005': [
    { info_type: '岗位类型', info_content: '推广员' },
    { info_type: '报酬说明', info_content: '推广佣金提现' }
  ],
  '1000': [
    { info_type: '活动名称', info_content: '好友推荐奖励' },
    { info_type: '奖励说明', info_content: '推广佣金提现' }
  ]
}

/** The merchant API's answer; a 2xx answer is only believed when WeChat Pay's signature over it verifies. */
interface Reply {
  status: number
  body: Record<string, unknown>
}

const str = (v: unknown) => (typeof v === 'string' ? v : undefined)

/**
 * WeChat Pay v3: JSAPI (also the mini-program: the same prepay, the payer's openid under its app id),
 * H5 for mobile browsers, Native (a QR) for desktops; 查单, 关单, refunds and merchant transfers.
 */
export function wechatPay(cfg: WechatPayConfig, keys: WechatPayKeys): PayProvider {
  const call = async (
    method: 'GET' | 'POST',
    path: string,
    payload?: object,
    extraHeaders: Record<string, string> = {}
  ): Promise<Reply> => {
    const body = payload ? JSON.stringify(payload) : ''
    const res = await fetch(cfg.apiBase + path, {
      method,
      headers: {
        ...(payload ? { 'content-type': 'application/json' } : {}),
        accept: 'application/json',
        authorization: authorizationHeader(
          { mchId: cfg.mchId, serialNo: cfg.serialNo, privateKey: keys.privateKey },
          method,
          path,
          body
        ),
        ...extraHeaders
      },
      body: payload ? body : undefined,
      signal: AbortSignal.timeout(10_000)
    })
    const raw = await res.text()
    if (res.ok) {
      // As WeChat Pay's own SDKs do: an answer that does not carry the platform's signature is not an answer.
      const h = (name: string) => res.headers.get(name) ?? ''
      if (
        !verifyMessage(
          [h('wechatpay-timestamp'), h('wechatpay-nonce'), raw],
          h('wechatpay-signature'),
          keys.platformKey
        )
      ) {
        throw new Error(`WeChat Pay answer to ${method} ${path} has no valid signature`)
      }
    }
    let parsed: Record<string, unknown>
    try {
      parsed = raw ? JSON.parse(raw) : {}
    } catch {
      parsed = {}
    }
    return { status: res.status, body: parsed }
  }
  const failure = (r: Reply) => `${r.status} ${str(r.body.code) ?? ''} ${str(r.body.message) ?? ''}`.trim()
  /** 4xx with an error code: WeChat refused the request and created nothing. */
  const refused = (r: Reply) => r.status >= 400 && r.status < 500 && !!r.body.code
  const base = (payment: { outTradeNo: string; amountFen: number; description: string }) => ({
    mchid: cfg.mchId,
    description: payment.description,
    out_trade_no: payment.outTradeNo,
    notify_url: cfg.notifyUrl,
    amount: { total: payment.amountFen, currency: 'CNY' }
  })
  const transferAnswer = (r: Reply): TransferAnswer => {
    const state = str(r.body.state) ?? ''
    if (r.status === 200 && TRANSFER_STATES.has(state)) {
      return {
        state: state as TransferAnswer['state'],
        transferBillNo: str(r.body.transfer_bill_no),
        packageInfo: str(r.body.package_info),
        failReason: str(r.body.fail_reason)
      }
    }
    if (r.status === 404) return { state: 'NOT_FOUND' }
    if (refused(r)) return { state: 'REJECTED', message: str(r.body.message) ?? str(r.body.code) }
    throw new Error(`WeChat Pay transfer unanswered: ${failure(r)}`)
  }

  return {
    name: 'wechat',
    async start(payment, payer): Promise<PayStart> {
      const channel = payer.channel ?? 'jsapi'
      const common = {
        out_trade_no: payment.outTradeNo,
        amount_fen: payment.amountFen,
        provider: 'wechat' as const,
        channel
      }
      if (channel === 'h5') {
        const r = await call('POST', '/v3/pay/transactions/h5', {
          appid: cfg.appId,
          ...base(payment),
          scene_info: { payer_client_ip: payer.clientIp ?? '', h5_info: { type: 'Wap' } }
        })
        const url = str(r.body.h5_url)
        if (r.status !== 200 || !url) throw new Error(`WeChat Pay H5 prepay failed: ${failure(r)}`)
        // WeChat's page sends the browser back to redirect_url once the payer is done (paid or not).
        const back = payer.returnUrl
          ? `${url}${url.includes('?') ? '&' : '?'}redirect_url=${encodeURIComponent(payer.returnUrl)}`
          : url
        return { ...common, h5_url: back }
      }
      if (channel === 'native') {
        const r = await call('POST', '/v3/pay/transactions/native', { appid: cfg.appId, ...base(payment) })
        const codeUrl = str(r.body.code_url)
        if (r.status !== 200 || !codeUrl) throw new Error(`WeChat Pay Native prepay failed: ${failure(r)}`)
        return { ...common, code_url: codeUrl }
      }
      if (!payer.openid || !payer.appId) throw new Error('WeChat Pay needs the payer openid and app id')
      const r = await call('POST', '/v3/pay/transactions/jsapi', {
        appid: payer.appId,
        ...base(payment),
        payer: { openid: payer.openid }
      })
      const prepayId = str(r.body.prepay_id)
      if (r.status !== 200 || !prepayId) throw new Error(`WeChat Pay prepay failed: ${failure(r)}`)
      const timeStamp = String(Math.floor(Date.now() / 1000))
      const nonceStr = crypto.randomBytes(16).toString('hex')
      const pkg = `prepay_id=${prepayId}`
      return {
        ...common,
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
      const r = await call('POST', '/v3/refund/domestic/refunds', {
        out_trade_no: req.outTradeNo,
        out_refund_no: req.outRefundNo,
        reason: req.reason.slice(0, 80) || undefined,
        notify_url: cfg.refundNotifyUrl,
        amount: { refund: req.refundFen, total: req.totalFen, currency: 'CNY' }
      })
      const status = String(r.body.status ?? '')
      if (r.status === 200 && REFUND_STATUSES.has(status))
        return { status: status as RefundAnswer['status'], refundId: str(r.body.refund_id) }
      // Refused outright: nothing was created. Anything else may have been applied.
      if (refused(r)) return { status: 'REJECTED', message: String(r.body.message ?? r.body.code) }
      throw new Error(`WeChat Pay refund unanswered: ${failure(r)}`)
    },

    async query(outTradeNo): Promise<TradeQuery> {
      const r = await call(
        'GET',
        `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}?mchid=${cfg.mchId}`
      )
      if (r.status === 404 || r.body.code === 'ORDER_NOT_EXIST' || r.body.code === 'ORDERNOTEXIST')
        return { state: 'not_found' }
      if (r.status !== 200) throw new Error(`WeChat Pay query failed: ${failure(r)}`)
      const state = str(r.body.trade_state)
      const amount = (r.body.amount as { total?: unknown } | undefined)?.total
      // REFUND: it was paid, and refunded since.
      if ((state === 'SUCCESS' || state === 'REFUND') && str(r.body.transaction_id) && Number.isInteger(amount)) {
        return {
          state: 'paid',
          transactionId: str(r.body.transaction_id)!,
          amountFen: amount as number,
          appId: str(r.body.appid),
          payerOpenid: str((r.body.payer as { openid?: unknown } | undefined)?.openid)
        }
      }
      if (state === 'CLOSED' || state === 'REVOKED' || state === 'PAYERROR') return { state: 'closed' }
      return { state: 'unpaid' }
    },

    async close(outTradeNo) {
      const r = await call('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(outTradeNo)}/close`, {
        mchid: cfg.mchId
      })
      if (r.status === 204 || r.status === 200) return true
      // Never prepaid there: nothing can be paid.
      if (r.status === 404 || r.body.code === 'ORDER_NOT_EXIST' || r.body.code === 'ORDERNOTEXIST') return true
      return false
    },

    async transfer(req) {
      const withName = req.amountFen >= NAME_REQUIRED_FEN
      const r = await call(
        'POST',
        '/v3/fund-app/mch-transfer/transfer-bills',
        {
          appid: req.appId,
          out_bill_no: req.outBillNo,
          transfer_scene_id: cfg.transferSceneId,
          openid: req.openid,
          ...(withName ? { user_name: encryptField(req.realName, keys.platformKey) } : {}),
          transfer_amount: req.amountFen,
          transfer_remark: req.remark.slice(0, 32),
          notify_url: cfg.transferNotifyUrl,
          ...(cfg.transferPerception ? { user_recv_perception: cfg.transferPerception } : {}),
          transfer_scene_report_infos: SCENE_REPORTS[cfg.transferSceneId] ?? []
        },
        // The key that encrypted the name, so WeChat decrypts it with the matching one.
        withName ? { 'wechatpay-serial': cfg.platformSerial } : {}
      )
      return transferAnswer(r)
    },

    async queryTransfer(outBillNo) {
      return transferAnswer(
        await call('GET', `/v3/fund-app/mch-transfer/transfer-bills/out-bill-no/${encodeURIComponent(outBillNo)}`)
      )
    }
  }
}
