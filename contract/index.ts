/**
 * The API contract: request and response shapes shared by the server and the client.
 * Types only. Every response is an Envelope; `data` is the type named per endpoint below.
 * Every request also carries the CommonParams (query for GET, JSON body for POST).
 */

import type { Catalogue } from './catalogues/zh-hans'
import type { Locale } from './locale'

export type ClientKind = 'h5' | 'web' | 'wxapp'

/** 1 success; 0 expected failure (msg says why); -9999 login needed; -1 account banned or deleted. */
export type EnvelopeCode = 1 | 0 | -9999 | -1

export interface Envelope<T> {
  code: EnvelopeCode
  msg: string
  data: T
}

export interface CommonParams {
  app_id: number | string
  client: ClientKind
  referee_id: number | string
  token: string
  user_id: number | string
}

export interface PageParams {
  /** >= 1, default 1 */
  page?: number
  /** 1..50, default 15 */
  per_page?: number
}

export interface Paged<T> {
  list: T[]
  total: number
  page: number
  per_page: number
  last_page: number
}

/**
 * Money given back for a cancelled booking or sign-up, or a rejected application: processing (退款中,
 * asked of the payment platform) or refunded (已退款). `amount` in fen.
 */
export interface BizRefund {
  status: 'processing' | 'refunded'
  amount: number
  refunded_at: string | null
}

/** An empty object: the endpoint succeeded with nothing to return. */
export type Empty = Record<string, never>

/** An app route such as `/pages/tools/huangli` or `/goods/pages/goods/goods?goods_id=3`, or an http(s) url. */
export type LinkUrl = string

// ---- index ----

/** GET /api/index/config */
export interface RuntimeConfig {
  wechat_app_id: string
  /** Append `?appid=..&redirect_uri=..&response_type=code&scope=snsapi_userinfo&state=..#wechat_redirect`. */
  oauth_authorize_url: string
  h5_url: string
  map_key: string
  version: string
  /** Hosts pages/web/web may open; other addresses are refused. */
  web_view_hosts?: string[]
}

export interface NavItem {
  id: number
  title: string
  icon: string
  url: LinkUrl
}

/** GET /api/index/nav */
export interface NavResponse {
  list: NavItem[]
}

export interface Banner {
  id: number
  title: string
  image: string
  url: LinkUrl
}

export interface HomeItem {
  id: number
  title: string
  subtitle: string
  image: string
  url: LinkUrl
  /** In fen, when the item is sold. */
  price?: number
  tag?: string
}

export interface HomeSection {
  key: string
  title: string
  more_url: LinkUrl
  items: HomeItem[]
}

/** 公告 on the home screen; a url makes it tappable. */
export interface HomeNotice {
  id: number
  title: string
  url: LinkUrl
}

/** GET /api/index/index */
export interface HomeResponse {
  banners: Banner[]
  nav: NavItem[]
  sections: HomeSection[]
  notices: HomeNotice[]
}

/** GET /api/index/features: the feature keys (contract/features.ts) the requesting client hides. */
export interface FeaturesResponse {
  hidden: string[]
}

/** GET /api/index/catalogue: the app's strings in one language (contract/catalogues; docs/i18n.md). */
export interface CatalogueRequest {
  locale: Locale
}
export type CatalogueResponse = Catalogue

/** GET /api/index/contract */
export interface ContractResponse {
  title: string
  /** Sanitized HTML. */
  content: string
}

/** POST /api/index/pageView */
export interface PageViewRequest {
  /** The page route with its query, at most 512 characters. */
  path: string
}

// ---- articles ----

/** GET /api/article.Article/detail */
export interface ArticleDetailRequest {
  article_id: number
}

export interface ArticleDetail {
  article_id: number
  title: string
  summary: string
  cover: string
  author: string
  /** Sanitized HTML. */
  content: string
  /** Pictures of a user's article (editors put theirs in content). */
  images: string[]
  category_id: number | null
  views: number
  likes: number
  /** Whether the logged-in user liked it (false for visitors). */
  liked: boolean
  created_at: string
}

export interface ArticleDetailResponse {
  detail: ArticleDetail
}

// ---- login ----

/** POST /api/wechat.index/mpLogin: `h5` = official-account OAuth code, `wxapp` = wx.login code. */
export interface MpLoginRequest {
  code: string
  client: 'h5' | 'wxapp'
  referee_id?: number | string
}

export interface LoginResponse {
  user_id: number
  token: string
}

/** POST /api/wechat.index/wxSign: url = location.href without the hash. */
export interface WxSignRequest {
  url: string
}

export interface WxSignResponse {
  appId: string
  timestamp: number
  nonceStr: string
  signature: string
}

/** POST /api/wechat.simulator/mpCode (simulator only): a wx.login code for a test user. */
export interface SimulatorMpCodeRequest {
  openid?: string
  nickname?: string
}

export interface SimulatorMpCodeResponse {
  code: string
}

export type SmsScene = 'login' | 'bind'

/** POST /api/sms.index/send */
export interface SmsSendRequest {
  mobile: string
  scene: SmsScene
  /** What the human check (人机验证) answered, when the last answer asked for one. */
  captcha_ticket?: string
  captcha_randstr?: string
}

/** The human check to pass before a code is sent: Tencent Captcha's app, or the local simulator. */
export interface SmsCaptcha {
  provider: 'tencent' | 'simulator'
  app_id: string
}

export interface SmsSendResponse {
  /** Seconds before the next code can be requested. */
  retry_after: number
  /** Only from the simulator outside production. */
  debug_code?: string
  /** Set instead of sending (retry_after 0): pass this check, then ask again with its ticket. */
  captcha?: SmsCaptcha
}

/** POST /api/user.user/mobileLogin */
export interface MobileLoginRequest {
  mobile: string
  sms_code: string
  referee_id?: number | string
}

// ---- user ----

/** 0 unknown, 1 male, 2 female */
export type Gender = 0 | 1 | 2

export interface UserProfile {
  user_id: number
  nickname: string
  avatar: string
  gender: Gender
  /** Masked: 138****0000, '' when not bound. */
  mobile: string
  /** yyyy-mm-dd or '' */
  birthday: string
  level: number
  referee_id: number
  created_at: string
}

/** GET /api/user.user/detail */
export interface UserDetailResponse {
  user: UserProfile
}

/** POST /api/user.user/updateInfo: only the given fields change. */
export interface UpdateInfoRequest {
  nickname?: string
  avatar?: string
  gender?: Gender
  /** yyyy-mm-dd */
  birthday?: string
}

/** POST /api/user.user/checkBindMobile */
/** Notices for the user not shown yet (e.g. an avatar taken down by the content check); reading marks them read. */
export interface UserNoticesResponse {
  list: string[]
}

export interface CheckBindMobileResponse {
  bound: boolean
  /** Masked, '' when not bound. */
  mobile: string
}

/** POST /api/user.user/bindMobile */
export interface BindMobileRequest {
  mobile: string
  sms_code: string
}

/** What the account holding a number has, shown before the user merges it into theirs. */
export interface AccountMergeSummary {
  nickname: string
  orders: number
  courses: number
  certificates: number
  /** Usable coupons. */
  coupons: number
  addresses: number
  /** Saved bazi charts. */
  records: number
  /** Wallet balance (available + frozen), fen. */
  wallet_fen: number
}

/**
 * bound: the number is now this account's. When another account holds it (and the code proved the
 * user owns the number), `merge` offers to merge that account into this one: confirm with
 * `/api/user.user/mergeAccount` and `merge_token` within 10 minutes.
 */
export interface BindMobileResponse extends CheckBindMobileResponse {
  merge?: { merge_token: string; summary: AccountMergeSummary }
}

export interface MergeAccountRequest {
  merge_token: string
}

export interface MergeAccountResponse extends CheckBindMobileResponse {
  /** What was merged in. */
  summary: AccountMergeSummary
}

export interface Friend {
  user_id: number
  nickname: string
  avatar: string
  /** When they joined through my link (ISO time). */
  joined_at: string
}

/**
 * GET /api/user.invite/mpCode: the mini-program code for my invitation poster (opens the home page
 * with my id as referrer); null when no mini-program is configured — draw the H5 link's QR instead.
 */
export interface InviteMpCodeResponse {
  url: string | null
}

/** GET /api/user.user/getFriends: the users I referred, newest first. */
export type FriendsResponse = Paged<Friend>

// ---- payments ----

export type PaymentBizType = 'goods' | 'course' | 'activity' | 'report' | 'certificate' | 'membership' | 'service'
export type PaymentStatus = 'created' | 'paid' | 'closed' | 'refunded'
export type PayProvider = 'sandbox' | 'wechat'

/** What the client needs to pay, returned by each domain's pay endpoint. */
export interface PayStart {
  out_trade_no: string
  amount_fen: number
  provider: PayProvider
  /** wechat: jsapi inside WeChat and the mini-program, h5 in a mobile browser, native (a QR) on a desktop. */
  channel?: 'jsapi' | 'h5' | 'native'
  /** wechat jsapi: arguments for WeixinJSBridge getBrandWCPayRequest / wx.requestPayment. */
  pay_params?: WechatPayParams
  /** wechat h5: WeChat's cashier page to open; it sends the browser back to the pay result page. */
  h5_url?: string
  /** wechat native: what the QR to scan with WeChat encodes. */
  code_url?: string
}

export interface WechatPayParams {
  appId: string
  timeStamp: string
  nonceStr: string
  package: string
  signType: 'RSA'
  paySign: string
}

/** GET /api/pay.index/status */
export interface PayStatusRequest {
  out_trade_no: string
}

export interface PayStatusResponse {
  out_trade_no: string
  status: PaymentStatus
  amount_fen: number
  biz_type: PaymentBizType
  biz_id: number
  paid_at: string
}

/** POST /api/pay.sandbox/confirm and /api/pay.sandbox/fail (sandbox provider only). */
export interface SandboxPayRequest {
  out_trade_no: string
}

// ---- files ----

/** POST /api/file.upload/image, multipart field `file` (jpeg/png/gif/webp, <= 5 MB). */
export interface UploadImageResponse {
  url: string
  file_id: number
}

/**
 * POST /api/file.upload/private, same rules: an ID photo, application document or floor plan, kept out of
 * public reach. `url` is a signed link for the preview that expires; `ref` (`private:202405/ab.png`) is what
 * is stored; forms send `file_id`, which only the uploader may use.
 */
export interface UploadPrivateImageResponse extends UploadImageResponse {
  ref: string
}

/**
 * The server's answer (code 0) for a record that exists but belongs to another user, e.g. a shared link
 * to someone's report: the page says so and offers the way home instead of a retry or a login.
 */
export const MSG_NOT_OWNER = '这条记录属于其他用户，无法查看'

export * from './activity'
export * from './article'
export * from './association'
export * from './certificate'
export * from './course'
export * from './exam'
export * from './house'
export * from './messages'
export * from './service'
export * from './shop'
export * from './teacher'
export * from './tools'
export * from './wallet'
