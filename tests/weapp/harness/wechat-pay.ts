import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'

import { merchantSigned, signedNotice, signedReply } from '../../server/helpers/wechat-pay-notice'

const MCH_ID = '1900000001'
const API_V3_KEY = 'abcdefghijklmnopqrstuvwxyz012345'

export interface PayParams {
  timeStamp: string
  nonceStr: string
  package: string
  signType: string
  paySign: string
}

/** What wx.requestPayment does with the user's answer: pays, or the user closes the cashier. */
export type CashierAnswer = 'pay' | 'cancel'

interface Prepay {
  appId: string
  amountFen: number
  notifyUrl: string
  openid: string
}

export interface WechatPay {
  /** Settings that point the server's real WeChat Pay v3 driver at this merchant API. */
  env: Record<string, string>
  /** WeChat's cashier: checks the parameters, then (when paid) sends WeChat's notice to the server. */
  cashier(params: PayParams, answer: CashierAnswer): Promise<void>
  /** Orders placed with the merchant API, by out_trade_no. */
  readonly prepays: Map<string, Prepay>
  close(): Promise<void>
}

/**
 * WeChat Pay's side of a payment, as documented for API v3: a merchant API that checks each
 * request's signature and issues prepay ids, and the cashier that checks `paySign` with the
 * merchant's public key and announces the payment with an encrypted, platform-signed notice.
 */
export async function startWechatPay(): Promise<WechatPay> {
  const merchant = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 })
  const platform = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 })
  const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yx-weapp-pay-'))
  fs.writeFileSync(path.join(keyDir, 'merchant.pem'), merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }))
  fs.writeFileSync(path.join(keyDir, 'platform.pem'), platform.publicKey.export({ type: 'spki', format: 'pem' }))

  const prepays = new Map<string, Prepay>()
  const byPrepayId = new Map<string, string>()
  const api = http.createServer((req, res) => {
    let raw = ''
    req.on('data', (c) => (raw += c))
    req.on('end', () => {
      // Every answer carries WeChat Pay's signature, as the server's driver requires.
      const answer = (status: number, body: object) => signedReply(res, status, body, platform.privateKey)
      if (req.url !== '/v3/pay/transactions/jsapi') return answer(404, { code: 'NOT_FOUND', message: req.url })
      if (!merchantSigned(req, raw, MCH_ID, merchant.publicKey))
        return answer(401, { code: 'SIGN_ERROR', message: '签名错误' })
      const body = JSON.parse(raw)
      const prepayId = `wx${crypto.randomBytes(14).toString('hex')}`
      prepays.set(body.out_trade_no, {
        appId: body.appid,
        amountFen: body.amount.total,
        notifyUrl: body.notify_url,
        openid: body.payer.openid
      })
      byPrepayId.set(prepayId, body.out_trade_no)
      answer(200, { prepay_id: prepayId })
    })
  })
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve))

  return {
    env: {
      PAY_PROVIDER: 'wechat',
      WECHAT_PAY_MCH_ID: MCH_ID,
      WECHAT_PAY_SERIAL_NO: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
      WECHAT_PAY_PRIVATE_KEY_PATH: path.join(keyDir, 'merchant.pem'),
      WECHAT_PAY_PLATFORM_CERT_PATH: path.join(keyDir, 'platform.pem'),
      WECHAT_PAY_API_V3_KEY: API_V3_KEY,
      // The serial the notices name (signedNotice's default).
      WECHAT_PAY_PLATFORM_SERIAL: 'PUB_KEY_ID_0001',
      WECHAT_PAY_API_BASE: `http://127.0.0.1:${(api.address() as AddressInfo).port}`
    },
    prepays,
    async cashier(params, answer) {
      const outTradeNo = byPrepayId.get(String(params.package).replace(/^prepay_id=/, ''))
      if (!outTradeNo) throw new Error('prepay_id 无效')
      const order = prepays.get(outTradeNo)!
      // paySign covers the app id the order was placed for (the running app's own, on a phone).
      const signed = crypto
        .createVerify('RSA-SHA256')
        .update([order.appId, params.timeStamp, params.nonceStr, params.package, ''].join('\n'))
        .verify(merchant.publicKey, String(params.paySign), 'base64')
      if (params.signType !== 'RSA' || !signed) throw new Error('支付验证签名失败')
      if (answer === 'cancel') throw new Error('cancel')
      const resource = {
        out_trade_no: outTradeNo,
        transaction_id: `4200${outTradeNo}`,
        trade_state: 'SUCCESS',
        amount: { total: order.amountFen, payer_total: order.amountFen, currency: 'CNY' },
        payer: { openid: order.openid }
      }
      const notice = signedNotice({
        resource,
        kind: 'transaction',
        eventType: 'TRANSACTION.SUCCESS',
        apiV3Key: API_V3_KEY,
        signer: platform.privateKey
      })
      const res = await fetch(order.notifyUrl, { method: 'POST', headers: notice.headers, body: notice.body })
      if (res.status !== 204)
        throw new Error(`the server refused WeChat's payment notice: ${res.status} ${await res.text()}`)
    },
    async close() {
      await new Promise<void>((resolve) => api.close(() => resolve()))
      fs.rmSync(keyDir, { recursive: true, force: true })
    }
  }
}
