import { AppError } from '../../core/envelope'
import type { Db } from '../../db/database'
import type { MessageApi, WechatAnswer } from '../notify/message-api'
import type {
  ContentSecurityApi,
  ContentSuggest,
  MiniProgramCodeRequest,
  WechatIdentity,
  WechatProvider
} from './provider'
import { SharedToken } from './shared-token'
import { type WechatReply, wechatShipping } from './wechat-shipping'

interface Settings {
  apiBase: string
  appId: string
  appSecret: string
  mpAppId: string
  mpAppSecret: string
  mpEnvVersion: 'release' | 'trial' | 'develop'
}

// WeChat's error codes that mean the user's code is bad (not our configuration).
const CODE_ERRORS = new Set([40029, 40163, 40125])
// The access token was revoked or expired before its stated lifetime: fetch a new one and retry once.
const TOKEN_ERRORS = new Set([40001, 42001])

export const MSG_CHECK_UNAVAILABLE = '内容安全检查暂时不可用，请稍后再试'
const MSG_WECHAT_UNAVAILABLE = '微信服务暂时不可用，请稍后再试'

/** WeChat called the access token invalid or expired. */
class TokenRefused extends Error {
  constructor(
    readonly errcode: number,
    message: string
  ) {
    super(message)
  }
}

/**
 * Real WeChat API calls. `apiBase` is overridable so tests can point it at a local fake server.
 * Access tokens and the JS-SDK ticket live in the database, shared by every server process.
 */
export function wechatApi(s: Settings, db: Db): WechatProvider {
  async function call(path: string, query: Record<string, string>): Promise<WechatReply> {
    const url = `${s.apiBase}${path}?${new URLSearchParams(query).toString()}`
    let res: Response
    try {
      res = await fetch(url, { signal: AbortSignal.timeout(10_000) })
    } catch {
      throw new AppError('微信服务暂时不可用，请稍后再试')
    }
    const body = (await res.json().catch(() => ({ errcode: -2, errmsg: 'invalid json' }))) as WechatReply
    if (body.errcode) {
      if (CODE_ERRORS.has(body.errcode)) throw new AppError('微信登录凭证无效或已使用，请重新登录')
      if (TOKEN_ERRORS.has(body.errcode)) throw new TokenRefused(body.errcode, `WeChat ${path} errcode ${body.errcode}`)
      throw new Error(`WeChat ${path} errcode ${body.errcode}: ${String(body.errmsg ?? '')}`)
    }
    return body
  }

  const appToken = (appId: string, secret: string) =>
    new SharedToken(db, `access_token:${appId}`, async () => {
      const r = await call('/cgi-bin/token', { grant_type: 'client_credential', appid: appId, secret })
      return { value: String(r.access_token), ttlSeconds: Number(r.expires_in) || 7200 }
    })
  const accessToken = appToken(s.appId, s.appSecret)
  // The mini-program has its own app id, hence its own access token.
  const mpAccessToken = appToken(s.mpAppId, s.mpAppSecret)

  /** Calls WeChat with an access token; when WeChat refuses it (revoked, replaced), once more with a new one. */
  async function withToken<T>(token: SharedToken, use: (accessToken: string) => Promise<T>): Promise<T> {
    const current = await token.get()
    try {
      return await use(current)
    } catch (err) {
      if (!(err instanceof TokenRefused)) throw err
      return use(await token.renew(current))
    }
  }

  const ticket = new SharedToken(db, `jsapi_ticket:${s.appId}`, async () => {
    const r = await withToken(accessToken, (at) =>
      call('/cgi-bin/ticket/getticket', { access_token: at, type: 'jsapi' })
    )
    return { value: String(r.ticket), ttlSeconds: Number(r.expires_in) || 7200 }
  })

  /** getwxacodeunlimit answers image bytes, or JSON with an errcode. */
  async function unlimitedCode(req: MiniProgramCodeRequest, accessToken: string): Promise<Buffer> {
    const url = `${s.apiBase}/wxa/getwxacodeunlimit?access_token=${encodeURIComponent(accessToken)}`
    const body = {
      scene: req.scene,
      page: req.page,
      env_version: s.mpEnvVersion,
      check_path: s.mpEnvVersion === 'release',
      width: 430
    }
    let res: Response
    try {
      res = await fetch(url, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
        signal: AbortSignal.timeout(10_000)
      })
    } catch {
      throw new AppError('微信服务暂时不可用，请稍后再试')
    }
    const bytes = Buffer.from(await res.arrayBuffer())
    if (res.ok && (res.headers.get('content-type') ?? '').startsWith('image/')) return bytes
    const reply = JSON.parse(bytes.toString('utf8') || '{}') as WechatReply
    const message = `WeChat getwxacodeunlimit errcode ${String(reply.errcode)}: ${String(reply.errmsg ?? res.status)}`
    throw reply.errcode && TOKEN_ERRORS.has(reply.errcode)
      ? new TokenRefused(reply.errcode, message)
      : new Error(message)
  }

  /**
   * A POST to WeChat's API under an access token, which names the app: the mini-program's (mpAccessToken) or
   * the official account's (accessToken). WeChat out of reach is `unreachable`, the user's "try again later".
   */
  async function post(
    path: string,
    body: object,
    accessToken: string,
    unreachable = MSG_CHECK_UNAVAILABLE
  ): Promise<WechatReply> {
    let res: Response
    try {
      res = await fetch(`${s.apiBase}${path}?access_token=${encodeURIComponent(accessToken)}`, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
        signal: AbortSignal.timeout(10_000)
      })
    } catch {
      throw new AppError(unreachable)
    }
    const reply = (await res.json().catch(() => ({ errcode: -2, errmsg: 'invalid json' }))) as WechatReply
    if (reply.errcode && TOKEN_ERRORS.has(reply.errcode))
      throw new TokenRefused(reply.errcode, `WeChat ${path} errcode ${reply.errcode}`)
    return reply
  }

  /**
   * A message send: WeChat's refusal is the answer the outbox classifies (outbox.ts answerResult), a token
   * refused again after its renewal too; only WeChat out of reach throws, so the outbox retries it.
   */
  async function sendMessage(token: SharedToken, path: string, body: object): Promise<WechatAnswer> {
    try {
      const r = await withToken(token, (at) => post(path, body, at, MSG_WECHAT_UNAVAILABLE))
      if (typeof r.errcode !== 'number') return { errcode: -2, errmsg: `WeChat ${path} answered without errcode` }
      return { errcode: r.errcode, errmsg: String(r.errmsg ?? '') }
    } catch (err) {
      if (err instanceof TokenRefused) return { errcode: err.errcode, errmsg: '微信不认可访问令牌（已重新获取一次）' }
      throw err
    }
  }

  // An app that is not configured has no token to send with: its messages are answered without a request, and
  // the 发送记录 says which setting is missing. -100 is none of WeChat's codes: the outbox records it as refused,
  // since no retry can send it before the setting is made.
  const unconfigured = (what: string): WechatAnswer => ({ errcode: -100, errmsg: `未配置${what}，无法发送` })
  const messages: MessageApi = {
    sendSubscribe: async (msg) =>
      s.mpAppSecret
        ? sendMessage(mpAccessToken, '/cgi-bin/message/subscribe/send', msg)
        : unconfigured('小程序（WECHAT_MP_APP_SECRET）'),
    sendTemplate: async (msg) =>
      s.appSecret
        ? sendMessage(accessToken, '/cgi-bin/message/template/send', msg)
        : unconfigured('公众号（WECHAT_APP_SECRET）')
  }

  const SUGGESTS = new Set(['pass', 'review', 'risky'])
  const contentSecurity: ContentSecurityApi = {
    async checkText({ openid, scene, content, title, nickname }) {
      const r = await withToken(mpAccessToken, (at) =>
        post('/wxa/msg_sec_check', { version: 2, openid, scene, content, title, nickname }, at)
      )
      // 87014 is v1's "risky content"; WeChat still answers it for some inputs.
      if (r.errcode === 87014) return 'risky'
      const suggest = String((r.result as { suggest?: unknown } | undefined)?.suggest ?? '')
      if (r.errcode || !SUGGESTS.has(suggest)) throw new AppError(MSG_CHECK_UNAVAILABLE)
      return suggest as ContentSuggest
    },
    async checkImage({ openid, scene, url }) {
      const r = await withToken(mpAccessToken, (at) =>
        post('/wxa/media_check_async', { version: 2, openid, scene, media_url: url, media_type: 2 }, at)
      )
      if (r.errcode || typeof r.trace_id !== 'string') throw new AppError(MSG_CHECK_UNAVAILABLE)
      return r.trace_id
    }
  }

  const optional = (v: unknown) => (typeof v === 'string' && v ? v : undefined)

  return {
    name: 'wechat',
    appId: s.appId,
    async oauthLogin(code) {
      const grant = await call('/sns/oauth2/access_token', {
        appid: s.appId,
        secret: s.appSecret,
        code,
        grant_type: 'authorization_code'
      })
      const openid = String(grant.openid)
      const info = await call('/sns/userinfo', { access_token: String(grant.access_token), openid, lang: 'zh_CN' })
      const identity: WechatIdentity = {
        appId: s.appId,
        openid,
        unionid: optional(info.unionid) ?? optional(grant.unionid),
        nickname: optional(info.nickname),
        avatar: optional(info.headimgurl),
        gender: Number(info.sex) || 0
      }
      return identity
    },
    async miniProgramLogin(code) {
      const r = await call('/sns/jscode2session', {
        appid: s.mpAppId,
        secret: s.mpAppSecret,
        js_code: code,
        grant_type: 'authorization_code'
      })
      return {
        appId: s.mpAppId,
        openid: String(r.openid),
        unionid: optional(r.unionid),
        sessionKey: optional(r.session_key)
      }
    },
    jsapiTicket: () => ticket.get(),
    miniProgramCode: async (req) =>
      s.mpAppSecret ? withToken(mpAccessToken, (at) => unlimitedCode(req, at)) : undefined,
    contentSecurity: s.mpAppSecret ? contentSecurity : undefined,
    shipping: s.mpAppSecret
      ? wechatShipping((path, body) => withToken(mpAccessToken, (at) => post(path, body, at, MSG_WECHAT_UNAVAILABLE)))
      : undefined,
    messages
  }
}
