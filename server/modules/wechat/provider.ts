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
}
