import crypto from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'

import { merchantSigned, signedNotice, signedReply } from './wechat-pay-notice'

export interface FakeOrder {
  tradeType: 'JSAPI' | 'MWEB' | 'NATIVE'
  body: any
  state: 'NOTPAY' | 'SUCCESS' | 'CLOSED' | 'REFUND'
  transactionId: string
}

export interface FakeTransfer {
  body: any
  /** The payee name WeChat decrypted with its private key ('' when none was sent). */
  userName: string
  state: string
  transferBillNo: string
  packageInfo: string
  failReason: string
}

export interface FakeCall {
  method: string
  path: string
  body: any
  authOk: boolean
}

/**
 * A local WeChat Pay merchant API (v3): every request must carry the merchant's signature, every answer
 * carries the platform's, as WeChat Pay does. It keeps orders (JSAPI, H5, Native), refunds and merchant
 * transfers, and lets a test act as the payer (pay, confirm a transfer) and as WeChat's notices.
 */
export class FakeWechatPay {
  readonly mchId = '1900000001'
  readonly apiV3Key = 'abcdefghijklmnopqrstuvwxyz012345'
  readonly platformSerial = 'PUB_KEY_ID_0001'
  readonly merchant = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 })
  readonly platform = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 })
  readonly orders = new Map<string, FakeOrder>()
  readonly transfers = new Map<string, FakeTransfer>()
  readonly refunds = new Map<string, { outTradeNo: string; refund: number }>()
  readonly calls: FakeCall[] = []
  /** Answers without the platform's signature while set (a forged or tampered answer). */
  unsigned = false
  /** Planned failures, taken in order by the next request whose path starts with the key. */
  readonly failures: { prefix: string; http: number; code: string; message: string }[] = []
  private readonly keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yx-fakepay-'))
  private readonly server = http.createServer((req, res) => {
    let raw = ''
    req.on('data', (c) => (raw += c))
    req.on('end', () => this.handle(req, raw, res))
  })
  base = ''

  async start(): Promise<void> {
    fs.writeFileSync(
      path.join(this.keyDir, 'merchant.pem'),
      this.merchant.privateKey.export({ type: 'pkcs8', format: 'pem' })
    )
    fs.writeFileSync(
      path.join(this.keyDir, 'platform.pem'),
      this.platform.publicKey.export({ type: 'spki', format: 'pem' })
    )
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve))
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.server.close(resolve))
    fs.rmSync(this.keyDir, { recursive: true, force: true })
  }

  /** The server settings of a merchant using this fake. */
  env(): Record<string, string> {
    return {
      PAY_PROVIDER: 'wechat',
      PUBLIC_URL: 'https://yixue.example.com',
      WECHAT_PAY_MCH_ID: this.mchId,
      WECHAT_PAY_APP_ID: 'wxpaymerchantapp001',
      WECHAT_PAY_SERIAL_NO: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
      WECHAT_PAY_PRIVATE_KEY_PATH: path.join(this.keyDir, 'merchant.pem'),
      WECHAT_PAY_PLATFORM_CERT_PATH: path.join(this.keyDir, 'platform.pem'),
      WECHAT_PAY_PLATFORM_SERIAL: this.platformSerial,
      WECHAT_PAY_API_V3_KEY: this.apiV3Key,
      WECHAT_PAY_API_BASE: this.base
    }
  }

  callsTo(prefix: string, method?: string): FakeCall[] {
    return this.calls.filter((c) => c.path.startsWith(prefix) && (!method || c.method === method))
  }

  /** The payer pays in WeChat's cashier; false when WeChat would not take it (closed, unknown, already paid). */
  pay(outTradeNo: string): boolean {
    const o = this.orders.get(outTradeNo)
    if (!o || o.state !== 'NOTPAY') return false
    o.state = 'SUCCESS'
    return true
  }

  /** The payment notice WeChat sends for a paid order. */
  paymentNotice(outTradeNo: string) {
    const o = this.orders.get(outTradeNo)!
    const resource = {
      appid: o.body.appid,
      mchid: this.mchId,
      out_trade_no: outTradeNo,
      transaction_id: o.transactionId,
      trade_type: o.tradeType,
      trade_state: 'SUCCESS',
      amount: { total: o.body.amount.total, payer_total: o.body.amount.total, currency: 'CNY' },
      ...(o.body.payer ? { payer: o.body.payer } : {})
    }
    return signedNotice({
      resource,
      kind: 'transaction',
      eventType: 'TRANSACTION.SUCCESS',
      apiV3Key: this.apiV3Key,
      signer: this.platform.privateKey
    })
  }

  /**
   * The user acts on a transfer waiting for them: accepts it (SUCCESS) or lets it lapse (CANCELLED), or the bank fails
   * it.
   */
  settleTransfer(outBillNo: string, state: 'SUCCESS' | 'CANCELLED' | 'FAIL', failReason = ''): void {
    const t = this.transfers.get(outBillNo)!
    t.state = state
    t.failReason = failReason
  }

  /** The transfer notice (MCHTRANSFER.BILL.FINISHED) WeChat sends once a transfer is final. */
  transferNotice(outBillNo: string, signer = this.platform.privateKey) {
    const t = this.transfers.get(outBillNo)!
    const resource = {
      out_bill_no: outBillNo,
      transfer_bill_no: t.transferBillNo,
      state: t.state,
      mch_id: this.mchId,
      transfer_amount: t.body.transfer_amount,
      openid: t.body.openid,
      ...(t.failReason ? { fail_reason: t.failReason } : {}),
      create_time: new Date().toISOString(),
      update_time: new Date().toISOString()
    }
    return signedNotice({
      resource,
      kind: 'mch_payment',
      eventType: 'MCHTRANSFER.BILL.FINISHED',
      apiV3Key: this.apiV3Key,
      signer
    })
  }

  private handle(req: http.IncomingMessage, raw: string, res: http.ServerResponse): void {
    const method = req.method ?? 'GET'
    const url = new URL(req.url ?? '/', 'http://fake')
    const authOk = merchantSigned(req, raw, this.mchId, this.merchant.publicKey)
    const body = raw ? JSON.parse(raw) : undefined
    this.calls.push({ method, path: url.pathname + url.search, body, authOk })
    const reply = (status: number, payload: object | null) => {
      if (this.unsigned) {
        res
          .writeHead(status, { 'content-type': 'application/json' })
          .end(payload === null ? '' : JSON.stringify(payload))
      } else signedReply(res, status, payload, this.platform.privateKey, this.platformSerial)
    }
    const error = (status: number, code: string, message: string) => reply(status, { code, message })
    if (!authOk) return error(401, 'SIGN_ERROR', '签名错误')
    const failure = this.failures.findIndex((f) => url.pathname.startsWith(f.prefix))
    if (failure >= 0) {
      const [f] = this.failures.splice(failure, 1)
      return error(f.http, f.code, f.message)
    }
    const p = url.pathname
    let m: RegExpExecArray | null
    if (method === 'POST' && (m = /^\/v3\/pay\/transactions\/(jsapi|h5|native)$/.exec(p))) {
      const kind = m[1]
      if (body.mchid !== this.mchId || !body.appid || !Number.isInteger(body.amount?.total))
        return error(400, 'PARAM_ERROR', '参数错误')
      if (kind === 'jsapi' && !body.payer?.openid) return error(400, 'PARAM_ERROR', '缺少 openid')
      if (kind === 'h5' && (!body.scene_info?.payer_client_ip || body.scene_info?.h5_info?.type !== 'Wap'))
        return error(400, 'PARAM_ERROR', '缺少 scene_info')
      const known = this.orders.get(body.out_trade_no)
      if (known?.state === 'CLOSED') return error(400, 'ORDER_CLOSED', '订单已关闭')
      if (known && known.state !== 'NOTPAY') return error(400, 'ORDERPAID', '该订单已支付')
      const tradeType = kind === 'jsapi' ? 'JSAPI' : kind === 'h5' ? 'MWEB' : 'NATIVE'
      this.orders.set(body.out_trade_no, {
        tradeType,
        body,
        state: 'NOTPAY',
        transactionId: `4200${body.out_trade_no}`
      })
      if (kind === 'h5')
        return reply(200, {
          h5_url: `https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx${body.out_trade_no}&package=1`
        })
      if (kind === 'native')
        return reply(200, { code_url: `weixin://wxpay/bizpayurl?pr=${body.out_trade_no.slice(-7)}` })
      return reply(200, { prepay_id: `wx${body.out_trade_no}` })
    }
    if (method === 'GET' && (m = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(p))) {
      if (url.searchParams.get('mchid') !== this.mchId) return error(400, 'PARAM_ERROR', 'mchid 不正确')
      const o = this.orders.get(decodeURIComponent(m[1]))
      if (!o) return error(404, 'ORDER_NOT_EXIST', '订单不存在')
      const paid = o.state === 'SUCCESS' || o.state === 'REFUND'
      return reply(200, {
        appid: o.body.appid,
        mchid: this.mchId,
        out_trade_no: o.body.out_trade_no,
        trade_state: o.state,
        trade_type: o.tradeType,
        ...(paid ? { transaction_id: o.transactionId, success_time: new Date().toISOString() } : {}),
        ...(o.body.payer ? { payer: o.body.payer } : {}),
        amount: { total: o.body.amount.total, currency: 'CNY', ...(paid ? { payer_total: o.body.amount.total } : {}) }
      })
    }
    if (method === 'POST' && (m = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/.exec(p))) {
      if (body?.mchid !== this.mchId) return error(400, 'PARAM_ERROR', 'mchid 不正确')
      const o = this.orders.get(decodeURIComponent(m[1]))
      if (!o) return error(404, 'ORDER_NOT_EXIST', '订单不存在')
      if (o.state === 'SUCCESS' || o.state === 'REFUND') return error(400, 'ORDERPAID', '订单已支付')
      o.state = 'CLOSED'
      return reply(204, null)
    }
    if (method === 'POST' && p === '/v3/refund/domestic/refunds') {
      const o = this.orders.get(body.out_trade_no)
      if (!o || (o.state !== 'SUCCESS' && o.state !== 'REFUND')) return error(400, 'INVALID_REQUEST', '订单未支付')
      if (!this.refunds.has(body.out_refund_no))
        this.refunds.set(body.out_refund_no, { outTradeNo: body.out_trade_no, refund: body.amount.refund })
      o.state = 'REFUND'
      return reply(200, {
        refund_id: `5030${body.out_refund_no}`,
        out_refund_no: body.out_refund_no,
        out_trade_no: body.out_trade_no,
        status: 'SUCCESS',
        amount: body.amount
      })
    }
    if (method === 'POST' && p === '/v3/fund-app/mch-transfer/transfer-bills') {
      if (
        !body.appid ||
        !body.openid ||
        !/^[0-9A-Za-z]{1,32}$/.test(body.out_bill_no ?? '') ||
        !body.transfer_scene_id ||
        !body.transfer_scene_report_infos?.length
      ) {
        return error(400, 'PARAM_ERROR', '参数错误')
      }
      let userName = ''
      if (body.user_name) {
        if (req.headers['wechatpay-serial'] !== this.platformSerial)
          return error(400, 'PARAM_ERROR', 'Wechatpay-Serial 不正确')
        userName = crypto
          .privateDecrypt(
            { key: this.platform.privateKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' },
            Buffer.from(body.user_name, 'base64')
          )
          .toString('utf8')
      } else if (body.transfer_amount >= 200_000)
        return error(400, 'PARAM_ERROR', '转账金额 >= 2000 元时须填写收款用户姓名')
      let t = this.transfers.get(body.out_bill_no)
      if (!t) {
        t = {
          body,
          userName,
          state: 'WAIT_USER_CONFIRM',
          transferBillNo: `1330${body.out_bill_no}`,
          packageInfo: `pkg_${crypto.randomBytes(8).toString('hex')}`,
          failReason: ''
        }
        this.transfers.set(body.out_bill_no, t)
      }
      return reply(200, {
        out_bill_no: body.out_bill_no,
        transfer_bill_no: t.transferBillNo,
        create_time: new Date().toISOString(),
        state: t.state,
        ...(t.state === 'WAIT_USER_CONFIRM' ? { package_info: t.packageInfo } : {}),
        ...(t.failReason ? { fail_reason: t.failReason } : {})
      })
    }
    if (method === 'GET' && (m = /^\/v3\/fund-app\/mch-transfer\/transfer-bills\/out-bill-no\/([^/]+)$/.exec(p))) {
      const t = this.transfers.get(decodeURIComponent(m[1]))
      if (!t) return error(404, 'NOT_FOUND', '记录不存在')
      return reply(200, {
        mch_id: this.mchId,
        out_bill_no: t.body.out_bill_no,
        transfer_bill_no: t.transferBillNo,
        appid: t.body.appid,
        state: t.state,
        transfer_amount: t.body.transfer_amount,
        transfer_remark: t.body.transfer_remark,
        openid: t.body.openid,
        ...(t.failReason ? { fail_reason: t.failReason } : {}),
        create_time: new Date().toISOString(),
        update_time: new Date().toISOString()
      })
    }
    error(404, 'NOT_FOUND', `no such API: ${method} ${p}`)
  }
}
