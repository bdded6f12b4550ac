import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * WeChat's message APIs as the fake WeChat API answers them, checked the way WeChat documents them:
 * the mini-program's 订阅消息 (/cgi-bin/message/subscribe/send) and the official account's 模板消息
 * (/cgi-bin/message/template/send), and the 企业微信群机器人 webhook. Written from WeChat's documentation,
 * not from the product's own tables (server/modules/notify/fields.ts), so a wrong limit there shows here.
 */

export interface WechatAnswer {
  errcode: number
  errmsg: string
}

const rid = () => ` rid: ${Math.random().toString(16).slice(2, 10)}-fake`
const invalid = (key: string, why: string): WechatAnswer => ({
  errcode: 47003,
  errmsg: `argument invalid! data.${key}.value ${why}${rid()}`
})

const CJK = /\p{Script=Han}/u
const chars = (v: string) => Array.from(v).length
// A time of day, 24-hour; a date written 2019年10月1日 or 2019-10-01 (WeChat's examples use the first).
const CLOCK = String.raw`([01]?\d|2[0-3]):[0-5]\d(:[0-5]\d)?`
const DAY = String.raw`(\d{4}年\d{1,2}月\d{1,2}日|\d{1,2}月\d{1,2}日|\d{4}[-/]\d{1,2}[-/]\d{1,2})`
const TIME_POINT = new RegExp(String.raw`^(${DAY}\s?)?${CLOCK}$`)
const DATE_POINT = new RegExp(String.raw`^${DAY}(\s?${CLOCK})?$`)
/** 时间/日期 may be a span: two points joined by `~`. */
const span = (point: RegExp, v: string) => v.split('~').length <= 2 && v.split('~').every((p) => point.test(p.trim()))

/**
 * What WeChat's 订阅消息 documentation says each key type takes (the 公众号's category templates use the same
 * types); an answer of why not, or undefined when the value passes.
 */
export function valueProblem(type: string, value: string): string | undefined {
  const v = value.trim()
  if (!v) return 'is empty'
  const n = chars(v)
  switch (type) {
    case 'thing': // 20个以内字符，可汉字、数字、字母或符号组合
      return n > 20 ? 'exceeds 20 characters' : undefined
    case 'number': // 32位以内数字，只能数字，可带小数
      return n > 32 || !/^\d+(\.\d+)?$/.test(v) ? 'is not a number of at most 32 digits' : undefined
    case 'letter': // 32位以内字母
      return n > 32 || !/^[A-Za-z]+$/.test(v) ? 'is not letters only (at most 32)' : undefined
    case 'symbol': // 5位以内符号
      return n > 5 || /[\p{L}\p{N}\s]/u.test(v) ? 'is not symbols only (at most 5)' : undefined
    case 'character_string': // 32位以内数字、字母或符号组合
      return n > 32 || !/^[\x21-\x7e]+$/.test(v) ? 'is not letters, digits or symbols (at most 32)' : undefined
    case 'time': // 24小时制时间格式（支持+年月日），时间段用 ~ 连接
      return span(TIME_POINT, v) ? undefined : 'is not a time'
    case 'date': // 年月日格式（支持+24小时制时间），日期段用 ~ 连接
      return span(DATE_POINT, v) ? undefined : 'is not a date'
    case 'amount': // 1个币种符号+12位以内纯数字，可带小数，结尾可带“元”
      return /^[¥￥$€£]?\d{1,12}(\.\d{1,2})?元?$/.test(v) ? undefined : 'is not an amount'
    case 'phone_number': // 17位以内，数字、符号
      return n > 17 || !/^[\d+\-()\s]+$/.test(v) ? 'is not a phone number' : undefined
    case 'car_number': // 8位以内，第一位与最后一位可为汉字，其余为字母或数字
      return /^[\p{Script=Han}A-Z0-9][A-Z0-9]{0,6}[\p{Script=Han}A-Z0-9]$/u.test(v) ? undefined : 'is not a car number'
    case 'name': // 10个以内纯汉字或20个以内纯字母或符号；中文和字母混合按中文名算，10个字内
      if (/\d/.test(v)) return 'is not a name'
      return CJK.test(v) ? (n > 10 ? 'exceeds 10 characters' : undefined) : n > 20 ? 'exceeds 20 letters' : undefined
    case 'phrase': // 5个以内纯汉字
      return /^\p{Script=Han}{1,5}$/u.test(v) ? undefined : 'is not at most 5 Chinese characters'
    default:
      return `has an unknown type ${type}`
  }
}

type App = 'mp' | 'oa'

/** A template the account added in WeChat's console: which app, and its keys. */
interface FakeTemplate {
  app: App
  keys: string[]
}

export interface ReceivedMessage {
  app: App
  body: Record<string, any>
}

/**
 * The message side of the fake WeChat: the templates each app added, who subscribed to what (订阅消息: one
 * acceptance, one message) and who follows the official account (模板消息), what was taken and what was refused.
 */
export function fakeWechatMessages() {
  const templates = new Map<string, FakeTemplate>()
  const subscriptions = new Map<string, number>()
  const followers = new Set<string>()
  /** 模板消息's client_msg_id: WeChat sends one message per openid and id. */
  const seenMsgIds = new Set<string>()
  const state = {
    /** Messages WeChat took, in order. */
    received: [] as ReceivedMessage[],
    refusals: [] as Array<ReceivedMessage & { answer: WechatAnswer }>,
    /** Answers to give the next sends instead of checking them (45009 quota, -1 system busy). */
    answers: [] as WechatAnswer[],
    /** True: connections are dropped before anything is read (WeChat out of reach). */
    down: false,
    /** Sends to take and record whose connection is then dropped before the answer (a reply lost on the way). */
    dropAfterTaking: 0,

    /** The account adds a template in WeChat's console. */
    addTemplate(id: string, app: App, keys: string[]) {
      templates.set(id, { app, keys })
    },
    /** The user accepts `times` messages of the template in wx.requestSubscribeMessage. */
    subscribe(openid: string, templateId: string, times = 1) {
      const k = `${openid}|${templateId}`
      subscriptions.set(k, (subscriptions.get(k) ?? 0) + times)
    },
    subscriptionsLeft: (openid: string, templateId: string) => subscriptions.get(`${openid}|${templateId}`) ?? 0,
    follow(openid: string) {
      followers.add(openid)
    }
  }

  function check(app: App, body: Record<string, any>): WechatAnswer | undefined {
    if (typeof body.touser !== 'string' || typeof body.template_id !== 'string' || !body.data)
      return { errcode: 47001, errmsg: `data format error hint: [touser/template_id/data]${rid()}` }
    if (typeof body.data !== 'object' || Array.isArray(body.data))
      return { errcode: 47001, errmsg: `data format error hint: [data]${rid()}` }
    if (!body.touser.startsWith('o_')) return { errcode: 40003, errmsg: `invalid openid${rid()}` }
    const tpl = templates.get(body.template_id)
    if (!tpl || tpl.app !== app) return { errcode: 40037, errmsg: `invalid template_id${rid()}` }
    // Each key of the template must be filled with a value its type takes; WeChat shows no other key.
    for (const key of tpl.keys) {
      const entry = body.data[key]
      if (!entry || typeof entry.value !== 'string') return invalid(key, 'is empty')
      const problem = valueProblem(key.replace(/\d+$/, ''), entry.value)
      if (problem) return invalid(key, problem)
    }
    if (app === 'mp') {
      if (body.miniprogram_state !== undefined && !['developer', 'trial', 'formal'].includes(body.miniprogram_state))
        return { errcode: 47001, errmsg: `data format error hint: [miniprogram_state]${rid()}` }
      if (body.lang !== undefined && !['zh_CN', 'en_US', 'zh_HK', 'zh_TW'].includes(body.lang))
        return { errcode: 47001, errmsg: `data format error hint: [lang]${rid()}` }
      if (body.page !== undefined && (typeof body.page !== 'string' || body.page.startsWith('/')))
        return { errcode: 41030, errmsg: `invalid page${rid()}` }
      if (!state.subscriptionsLeft(body.touser, body.template_id))
        return { errcode: 43101, errmsg: `user refuse to accept the msg${rid()}` }
    } else {
      if (body.url !== undefined && (typeof body.url !== 'string' || !/^https?:\/\//.test(body.url)))
        return { errcode: 47001, errmsg: `data format error hint: [url]${rid()}` }
      if (!followers.has(body.touser)) return { errcode: 43004, errmsg: `require subscribe${rid()}` }
    }
    return undefined
  }

  /** One send, read from `req`; the access token was checked by the caller. */
  function handle(app: App, req: http.IncomingMessage, res: http.ServerResponse) {
    if (state.down) return req.socket.destroy()
    let raw = ''
    req.on('data', (chunk) => (raw += chunk))
    req.on('end', () => {
      const json = (answer: object) =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer))
      let body: Record<string, any>
      try {
        body = JSON.parse(raw)
      } catch {
        return json({ errcode: 47001, errmsg: `data format error${rid()}` })
      }
      const refuse = (answer: WechatAnswer) => {
        state.refusals.push({ app, body, answer })
        return json(answer)
      }
      const planned = state.answers.shift()
      if (planned) return refuse(planned)
      const problem = check(app, body)
      if (problem) return refuse(problem)
      const msgid = state.received.length + 1
      const dedupe = app === 'oa' && body.client_msg_id ? `${body.touser}|${body.client_msg_id}` : ''
      if (!dedupe || !seenMsgIds.has(dedupe)) {
        if (dedupe) seenMsgIds.add(dedupe)
        if (app === 'mp') {
          const k = `${body.touser}|${body.template_id}`
          subscriptions.set(k, subscriptions.get(k)! - 1)
        }
        state.received.push({ app, body })
      }
      if (state.dropAfterTaking > 0) {
        state.dropAfterTaking--
        return req.socket.destroy()
      }
      json({ errcode: 0, errmsg: 'ok', msgid })
    })
  }

  return Object.assign(state, { handle })
}

/**
 * A 企业微信群机器人 on loopback: POST /cgi-bin/webhook/send?key=… with a text or markdown message of at most
 * 4,096 bytes of content, answered like qyapi.weixin.qq.com (93000 a wrong key, 40008 an unknown msgtype,
 * 44004 no content, 40058 content too long).
 */
export function fakeGroupRobot(key = 'robot-key-for-tests') {
  const state = {
    /** Messages the group received, in order. */
    received: [] as Array<Record<string, any>>,
    refusals: [] as Array<{ body: unknown; answer: WechatAnswer }>,
    /** Answers to give the next messages instead of checking them. */
    answers: [] as WechatAnswer[],
    down: false
  }
  const answerOf = (body: Record<string, any>): WechatAnswer | undefined => {
    if (body.msgtype !== 'text' && body.msgtype !== 'markdown')
      return { errcode: 40008, errmsg: `Warning: wrong json format. invalid message type${rid()}` }
    const content = body[body.msgtype]?.content
    if (typeof content !== 'string' || !content.trim())
      return { errcode: 44004, errmsg: `Warning: wrong json format. empty content${rid()}` }
    if (Buffer.byteLength(content, 'utf8') > 4096)
      return { errcode: 40058, errmsg: `Warning: wrong json format. content exceed max length 4096${rid()}` }
    return undefined
  }
  const server = http.createServer((req, res) => {
    if (state.down) return req.socket.destroy()
    const url = new URL(req.url ?? '/', 'http://x')
    let raw = ''
    req.on('data', (chunk) => (raw += chunk))
    req.on('end', () => {
      const json = (answer: object) =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer))
      let body: Record<string, any> = {}
      try {
        body = JSON.parse(raw)
      } catch {
        // An unreadable body is refused below as a message of no type.
      }
      const refuse = (answer: WechatAnswer) => {
        state.refusals.push({ body, answer })
        return json(answer)
      }
      if (req.method !== 'POST' || url.pathname !== '/cgi-bin/webhook/send' || url.searchParams.get('key') !== key)
        return refuse({ errcode: 93000, errmsg: `invalid webhook url, hint: [${Date.now()}]${rid()}` })
      const planned = state.answers.shift()
      if (planned) return refuse(planned)
      const problem = answerOf(body)
      if (problem) return refuse(problem)
      state.received.push(body)
      json({ errcode: 0, errmsg: 'ok' })
    })
  })
  return Object.assign(state, {
    /** Starts listening; answers the webhook address for OPERATOR_WEBHOOK_URL. */
    async listen(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/cgi-bin/webhook/send?key=${key}`
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve()))
  })
}
