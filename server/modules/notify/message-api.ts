/**
 * WeChat's message APIs as the notification service uses them, field names as WeChat documents them:
 * the mini-program's 订阅消息 (POST /cgi-bin/message/subscribe/send) and the official account's 模板消息
 * (POST /cgi-bin/message/template/send), each with its app's access token; and the 企业微信群机器人
 * webhook. A refusal is an answer (errcode); a service out of reach throws.
 */

export interface WechatAnswer {
  errcode: number
  errmsg: string
}

export type TemplateData = Record<string, { value: string }>

export interface SubscribeMessage {
  touser: string
  template_id: string
  /** The mini-program page the message opens, with its query. */
  page?: string
  data: TemplateData
  /** developer 开发版, trial 体验版, formal 正式版. */
  miniprogram_state?: 'developer' | 'trial' | 'formal'
  lang?: 'zh_CN'
}

export interface TemplateMessage {
  touser: string
  template_id: string
  /** The H5 page the message opens. */
  url?: string
  /** Opens the mini-program instead, when it is linked to the official account. */
  miniprogram?: { appid: string; pagepath: string }
  data: TemplateData
  /** WeChat drops a second message with the same id: a retry never sends twice. */
  client_msg_id?: string
}

export interface MessageApi {
  sendSubscribe(msg: SubscribeMessage): Promise<WechatAnswer>
  sendTemplate(msg: TemplateMessage): Promise<WechatAnswer>
}

/** The group robot's message: `text` or `markdown` (企业微信群机器人, at most 4,096 bytes of content). */
export type RobotMessage =
  { msgtype: 'text'; text: { content: string } } | { msgtype: 'markdown'; markdown: { content: string } }

export interface RobotApi {
  send(msg: RobotMessage): Promise<WechatAnswer>
}
