import type { MessageApi } from '../notify/message-api'
import type { ShippingApi } from './wechat-shipping'

/** Who WeChat says the user is, after a login code was exchanged. */
export interface WechatIdentity {
  appId: string
  openid: string
  unionid?: string
  nickname?: string
  avatar?: string
  gender?: number
  /** Mini-program only; kept server-side to decrypt user data, never sent to the client. */
  sessionKey?: string
}

export interface WechatProvider {
  readonly name: 'simulator' | 'wechat'
  /** The official account's app id (H5 OAuth and JS-SDK). */
  readonly appId: string
  /** Official-account OAuth: code -> access_token + openid -> sns/userinfo. */
  oauthLogin(code: string): Promise<WechatIdentity>
  /** Mini-program wx.login code, exchanged as jscode2session. */
  miniProgramLogin(code: string): Promise<WechatIdentity>
  /** The JS-SDK ticket, cached for its lifetime. */
  jsapiTicket(): Promise<string>
  /**
   * A mini-program code (getwxacodeunlimit) opening `page` with `scene`, as image bytes; undefined
   * when no mini-program is configured, so callers fall back to a QR code of the H5 link.
   */
  miniProgramCode(request: MiniProgramCodeRequest): Promise<Buffer | undefined>
  /** The mini-program's content security; absent without a mini-program (then the local word list alone decides). */
  readonly contentSecurity?: ContentSecurityApi
  /** The mini-program's 发货信息管理服务; absent without a mini-program (nothing is paid in one then). */
  readonly shipping?: ShippingApi
  /** 订阅消息 (mini-program) and 模板消息 (official account); absent when neither app is configured. */
  readonly messages?: MessageApi
}

/** WeChat's suggestion for a piece of content. */
export type ContentSuggest = 'pass' | 'review' | 'risky'

/** Scenes of msgSecCheck/mediaCheckAsync v2: 1 资料, 2 评论, 3 论坛, 4 社交日志. */
export type ContentScene = 1 | 2 | 3 | 4

export interface ContentSecurityApi {
  /** msgSecCheck v2; `openid` must be a mini-program user seen in the last 2 hours. */
  checkText(req: {
    openid: string
    scene: ContentScene
    content: string
    title?: string
    nickname?: string
  }): Promise<ContentSuggest>
  /** mediaCheckAsync v2: the verdict arrives later as a `wxa_media_check` push; answers the trace_id. */
  checkImage(req: { openid: string; scene: ContentScene; url: string }): Promise<string>
}

export interface MiniProgramCodeRequest {
  /** At most 32 visible characters; WeChat hands it to the opened page as the `scene` option. */
  scene: string
  /** A published page path without a leading slash, e.g. pages/v2index/index. */
  page: string
}
