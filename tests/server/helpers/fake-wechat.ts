import http from 'node:http'
import type { AddressInfo } from 'node:net'

import { fakeWechatMessages } from './fake-wechat-messages'
import { checkShippingInfo, FAKE_DELIVERY_LIST, type KnownPayment, type WechatError } from './fake-wechat-shipping'

export const fakeWechatConstants = {
  TICKET: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
  // A PNG signature is enough for a test image; getwxacodeunlimit answers image bytes on success.
  CODE_IMAGE: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]),
  /** Text containing this is what the fake's msgSecCheck calls risky. */
  RISKY_MARKER: '违规样例'
}

/** An image WeChat was asked to check (mediaCheckAsync), with the trace id it answered. */
export interface MediaCheckRequest {
  traceId: string
  openid: string
  scene: number
  mediaUrl: string
}

/**
 * A fake WeChat API on loopback answering like api.weixin.qq.com (field names per WeChat's docs):
 * logins, access tokens (official account `app-at`, mini-program `mp-at`), the JS-SDK ticket,
 * mini-program codes, the mini-program's content security (msgSecCheck v2, mediaCheckAsync v2) and its
 * 发货信息管理服务 (get_delivery_list, upload_shipping_info, set_msg_jump_path), which, like WeChat, refuse
 * any other access token with 40001; and the message APIs (fake-wechat-messages.ts): 订阅消息 under the
 * mini-program's token, 模板消息 under the official account's.
 */
export function fakeWechat() {
  const { TICKET, CODE_IMAGE, RISKY_MARKER } = fakeWechatConstants
  const state = {
    hits: [] as string[],
    codeRequests: [] as Array<Record<string, unknown>>,
    revokeNextMpToken: false,
    /** The msgSecCheck bodies received. */
    textChecks: [] as Array<Record<string, unknown>>,
    mediaChecks: [] as MediaCheckRequest[],
    /** True: content security calls are dropped (WeChat out of reach). */
    contentSecurityDown: false,
    /** The carriers get_delivery_list answers. */
    deliveryList: FAKE_DELIVERY_LIST.map((d) => ({ ...d })),
    /** The payments WeChat Pay has (a test adds each one paid); an upload for another is 10060001. */
    knownPayments: [] as KnownPayment[],
    /** Uploads WeChat accepted, in order. */
    shippingUploads: [] as Array<Record<string, any>>,
    /** Every upload refused, with WeChat's answer. */
    shippingRefusals: [] as Array<{ body: Record<string, any>; answer: WechatError }>,
    /** Answers to give the next uploads instead of checking them (e.g. -1 system error). */
    shippingAnswers: [] as WechatError[],
    /** True: the 发货 API's connections are dropped (WeChat out of reach). */
    shippingDown: false,
    jumpPaths: [] as string[],
    /** 订阅消息 and 模板消息: templates, subscriptions, followers, and what was sent. */
    messages: fakeWechatMessages()
  }
  /** How often each payment's shipping info was accepted: WeChat allows one change (重新发货) after the first. */
  const uploadsPerPayment = new Map<KnownPayment, number>()

  function shipping(url: URL, req: http.IncomingMessage, res: http.ServerResponse) {
    if (state.shippingDown) return req.socket.destroy()
    let raw = ''
    req.on('data', (chunk) => (raw += chunk))
    req.on('end', () => {
      const json = (body: object) =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
      if (req.method !== 'POST') return json({ errcode: 43002, errmsg: 'require POST method' })
      if (url.searchParams.get('access_token') !== 'mp-at')
        return json({ errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' })
      let body: Record<string, any>
      try {
        body = JSON.parse(raw)
      } catch {
        return json({ errcode: 47001, errmsg: 'data format error' })
      }
      if (url.pathname === '/cgi-bin/express/delivery/open_msg/get_delivery_list')
        return json({ errcode: 0, delivery_list: state.deliveryList, count: state.deliveryList.length })
      if (url.pathname === '/wxa/sec/order/set_msg_jump_path') {
        if (typeof body.path !== 'string') return json({ errcode: 47001, errmsg: 'data format error' })
        state.jumpPaths.push(body.path)
        return json({ errcode: 0, errmsg: 'ok' })
      }
      const refuse = (answer: WechatError) => {
        state.shippingRefusals.push({ body, answer })
        return json(answer)
      }
      const planned = state.shippingAnswers.shift()
      if (planned) return refuse(planned)
      const checked = checkShippingInfo(
        body,
        state.knownPayments,
        new Set(state.deliveryList.map((d) => d.delivery_id))
      )
      if ('error' in checked) return refuse(checked.error)
      const times = (uploadsPerPayment.get(checked.payment) ?? 0) + 1
      if (times > 2) return refuse({ errcode: 10060003, errmsg: '支付单已使用重新发货机会 rid: fake' })
      uploadsPerPayment.set(checked.payment, times)
      state.shippingUploads.push(body)
      json({ errcode: 0, errmsg: 'ok' })
    })
  }

  function contentSecurity(url: URL, req: http.IncomingMessage, res: http.ServerResponse) {
    if (state.contentSecurityDown) return req.socket.destroy()
    let raw = ''
    req.on('data', (chunk) => (raw += chunk))
    req.on('end', () => {
      const json = (body: object) =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
      if (req.method !== 'POST') return json({ errcode: 43002, errmsg: 'require POST method' })
      if (url.searchParams.get('access_token') !== 'mp-at')
        return json({ errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' })
      const body = JSON.parse(raw || '{}') as Record<string, unknown>
      const scene = Number(body.scene)
      if (
        body.version !== 2 ||
        ![1, 2, 3, 4].includes(scene) ||
        typeof body.openid !== 'string' ||
        !body.openid.startsWith('o_')
      )
        return json({ errcode: 40003, errmsg: 'invalid openid or version/scene' })
      if (url.pathname === '/wxa/msg_sec_check') {
        state.textChecks.push(body)
        const text = [body.title, body.nickname, body.content].filter((v) => typeof v === 'string').join('\n')
        const risky = text.includes(RISKY_MARKER)
        return json({
          errcode: 0,
          errmsg: 'ok',
          trace_id: `text-${state.textChecks.length}`,
          result: { suggest: risky ? 'risky' : 'pass', label: risky ? 20001 : 100 }
        })
      }
      if (body.media_type !== 2 || typeof body.media_url !== 'string' || !/^https?:\/\//.test(body.media_url))
        return json({ errcode: 40003, errmsg: 'invalid media_url' })
      const traceId = `media-${state.mediaChecks.length + 1}`
      state.mediaChecks.push({ traceId, openid: body.openid, scene, mediaUrl: body.media_url })
      return json({ errcode: 0, errmsg: 'ok', trace_id: traceId })
    })
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    state.hits.push(url.pathname)
    if (url.pathname === '/wxa/msg_sec_check' || url.pathname === '/wxa/media_check_async')
      return contentSecurity(url, req, res)
    if (url.pathname.startsWith('/wxa/sec/order/') || url.pathname.startsWith('/cgi-bin/express/'))
      return shipping(url, req, res)
    if (url.pathname === '/cgi-bin/message/subscribe/send' || url.pathname === '/cgi-bin/message/template/send') {
      const app = url.pathname.includes('subscribe') ? 'mp' : 'oa'
      // Each API takes its own app's token: the mini-program's for 订阅消息, the official account's for 模板消息.
      if (req.method !== 'POST')
        return res.writeHead(200).end(JSON.stringify({ errcode: 43002, errmsg: 'require POST method' }))
      if (url.searchParams.get('access_token') !== (app === 'mp' ? 'mp-at' : 'app-at'))
        return res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' }))
      return state.messages.handle(app, req, res)
    }
    if (url.pathname === '/wxa/getwxacodeunlimit') {
      let raw = ''
      req.on('data', (chunk) => (raw += chunk))
      req.on('end', () => {
        const json = (body: object) =>
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
        if (state.revokeNextMpToken) {
          state.revokeNextMpToken = false
          return json({ errcode: 40001, errmsg: 'invalid credential, access_token is invalid or not latest' })
        }
        if (url.searchParams.get('access_token') !== 'mp-at')
          return json({ errcode: 40001, errmsg: 'invalid credential' })
        const body = JSON.parse(raw) as Record<string, unknown>
        state.codeRequests.push(body)
        if (String(body.scene).length > 32) return json({ errcode: 40169, errmsg: 'invalid length for scene' })
        res.writeHead(200, { 'content-type': 'image/jpeg' }).end(CODE_IMAGE)
      })
      return
    }
    const q = Object.fromEntries(url.searchParams)
    const send = (body: object) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    if (q.appid && q.appid !== 'wxoa' && q.appid !== 'wxmp') return send({ errcode: 40013, errmsg: 'invalid appid' })
    switch (url.pathname) {
      case '/sns/jscode2session':
        if (q.secret !== 'mpsecret' || q.grant_type !== 'authorization_code')
          return send({ errcode: 40125, errmsg: 'invalid appsecret' })
        if (q.js_code?.startsWith('mp-user-')) return send({ openid: `o_${q.js_code}`, session_key: 'SESSIONKEY==' })
        if (q.js_code !== 'mp-good') return send({ errcode: 40029, errmsg: 'invalid code' })
        return send({ openid: 'o_mp_1', session_key: 'SESSIONKEY==', unionid: 'u_1' })
      case '/sns/oauth2/access_token':
        if (q.code !== 'oa-good') return send({ errcode: 40029, errmsg: 'invalid code' })
        return send({
          access_token: 'user-at',
          expires_in: 7200,
          refresh_token: 'r',
          openid: 'o_oa_1',
          scope: 'snsapi_userinfo'
        })
      case '/sns/userinfo':
        if (q.access_token !== 'user-at' || q.openid !== 'o_oa_1')
          return send({ errcode: 40003, errmsg: 'invalid openid' })
        return send({
          openid: 'o_oa_1',
          nickname: '微信真名',
          sex: 1,
          headimgurl: 'https://thirdwx.qlogo.cn/a/132',
          unionid: 'u_1'
        })
      case '/cgi-bin/token':
        if (q.appid === 'wxmp')
          return q.secret === 'mpsecret'
            ? send({ access_token: 'mp-at', expires_in: 7200 })
            : send({ errcode: 40125, errmsg: 'invalid appsecret' })
        return send({ access_token: 'app-at', expires_in: 7200 })
      case '/cgi-bin/ticket/getticket':
        if (q.access_token !== 'app-at' || q.type !== 'jsapi')
          return send({ errcode: 40001, errmsg: 'invalid credential' })
        return send({ errcode: 0, errmsg: 'ok', ticket: TICKET, expires_in: 7200 })
      default:
        res.writeHead(404).end()
    }
  })

  return Object.assign(state, {
    /** Starts listening; answers the base address for WECHAT_API_BASE. */
    async listen(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve()))
  })
}
