// ---- courses (recorded, live, offline) ----
import type { Paged, PageParams, PayStart } from '.'

export type CourseKind = 'recorded' | 'live' | 'offline'

export interface CourseCategory {
  category_id: number
  name: string
  icon: string
}

/** POST /api/course.index/getCategory */
export interface CourseCategoryResponse {
  list: CourseCategory[]
}

/** POST /api/course.index/getList: all fields optional. */
export interface CourseListRequest extends PageParams {
  category_id?: number
  kind?: CourseKind
  /** At most 32 characters, matched against title and teacher. */
  keyword?: string
}

export interface CourseItem {
  course_id: number
  category_id: number
  kind: CourseKind
  title: string
  subtitle: string
  cover: string
  teacher: string
  /** In fen; 0 = free. */
  price: number
  original_price: number
  students: number
  /** Number of lessons (recorded), sessions (live) or classes (offline). */
  parts: number
}

export type CourseListResponse = Paged<CourseItem>

export interface CourseLesson {
  lesson_id: number
  title: string
  duration_sec: number
  /** Playable before buying. */
  preview: boolean
  /** Not playable for this user (not bought, not a preview). */
  locked: boolean
  /** Seconds watched so far (0 for visitors). */
  position_sec: number
  completed: boolean
}

export interface CourseChapter {
  chapter_id: number
  title: string
  lessons: CourseLesson[]
}

export type LiveStatus = 'upcoming' | 'live' | 'replay'

export interface LiveSession {
  session_id: number
  course_id: number
  course_title: string
  cover: string
  teacher: string
  title: string
  starts_at: string
  ends_at: string
  status: LiveStatus
  /** A replay has a recording to watch. */
  has_replay: boolean
}

export interface OfflineClass {
  class_id: number
  course_id: number
  course_title: string
  cover: string
  teacher: string
  title: string
  starts_at: string
  ends_at: string
  signup_deadline: string
  city: string
  address: string
  latitude: number
  longitude: number
  seats: number
  seats_left: number
  /** In fen, the course's price; 0 = free. */
  price: number
  /** This user has a seat (false for visitors). */
  signed_up: boolean
  /** Sign-up is open: before the deadline and seats left. */
  open: boolean
}

export interface CourseDetail extends CourseItem {
  teacher_title: string
  /** Sanitized HTML. */
  intro: string
  favorites: number
  /** This user's state (false for visitors). */
  favorited: boolean
  /** This user may learn the whole course (signed up to a free one or bought it). */
  enrolled: boolean
  chapters: CourseChapter[]
  sessions: LiveSession[]
  classes: OfflineClass[]
  /** The lesson to continue with: the last one watched, else the first. 0 when none. */
  resume_lesson_id: number
  /** The refund policy of a paid course in words, following the owner's settings; '' for a free one. */
  refund_policy: string
}

/** GET /api/course.index/getDetail */
export interface CourseDetailRequest {
  course_id: number
}

export interface CourseDetailResponse {
  detail: CourseDetail
}

/** POST /api/course.index/signup: a free course. */
export interface CourseSignupRequest {
  course_id: number
}

export interface CourseSignupResponse {
  enrolled: true
}

/** GET /api/course.index/favorite: favorite 1 adds, 0 removes. */
export interface CourseFavoriteRequest {
  course_id: number
  favorite: 0 | 1
}

export interface CourseFavoriteResponse {
  favorited: boolean
  favorites: number
}

/** GET /api/course.favorite/lists: my favorite courses, newest first. */
export type CourseFavoriteListResponse = Paged<CourseItem>

/** GET /api/course.lesson/detail: a lesson this user may play. */
export interface LessonDetailRequest {
  lesson_id: number
}

export interface LessonDetailResponse {
  lesson_id: number
  course_id: number
  title: string
  video_url: string
  duration_sec: number
  position_sec: number
}

/** POST /api/course.lesson/progress: where playback is; completed from 90% of the lesson on. */
export interface LessonProgressRequest {
  lesson_id: number
  position_sec: number
  /** The player reached the video's end (a lesson saved without its length counts learnt then). */
  ended?: boolean
}

export interface LessonProgressResponse {
  position_sec: number
  completed: boolean
}

/** GET /api/course.live/lists */
export interface LiveListRequest extends PageParams {
  status: LiveStatus
}

export type LiveListResponse = Paged<LiveSession>

/** GET /api/course.live/play: the stream (live) or the recording (replay) of a session I may watch. */
export interface LivePlayRequest {
  session_id: number
}

export interface LivePlayResponse {
  session_id: number
  title: string
  status: LiveStatus
  video_url: string
}

/** GET /api/course.offline/lists: classes that have not ended, soonest first. */
export type OfflineListResponse = Paged<OfflineClass>

/** GET /api/course.offline/detail */
export interface OfflineDetailRequest {
  class_id: number
}

export interface OfflineDetailResponse {
  detail: OfflineClass & { intro: string; teacher_title: string }
}

/** POST /api/course.offline/signup: one seat per user; refused when full or past the deadline. */
export interface OfflineSignupRequest {
  class_id: number
  /** 2..16 characters */
  name: string
  mobile: string
}

export interface OfflineSignupResponse {
  seats_left: number
}

export type CourseOrderStatus = 'created' | 'paid' | 'closed'

export interface CourseOrder {
  order_id: number
  course_id: number
  course_title: string
  cover: string
  teacher: string
  /** In fen. */
  amount: number
  status: CourseOrderStatus
  created_at: string
  paid_at: string
  /** 商户订单号 of the order's payment (the paid one, else the latest), as WeChat Pay's receipt shows it; '' before any. */
  out_trade_no: string
}

/** POST /api/course.order/add: the open order of this course (created once), for a paid course not yet bought. */
export interface CourseOrderAddRequest {
  course_id: number
}

export interface CourseOrderAddResponse {
  order_id: number
}

/** GET /api/course.order/detail */
export interface CourseOrderDetailRequest {
  order_id: number
}

export interface CourseOrderDetailResponse {
  order: CourseOrder
}

/** GET /api/course.order/lists: my course orders, newest first. */
export type CourseOrderListResponse = Paged<CourseOrder>

/** POST /api/course.order/pay: starts paying an open order through the payment service. */
export interface CourseOrderPayRequest {
  order_id: number
}

export type CourseOrderPayResponse = PayStart

/** GET /api/course.order/refundCheck: whether the owner's policy lets me refund this paid order now, and why not. */
export interface CourseOrderRefundCheckRequest {
  order_id: number
}

export interface CourseOrderRefundCheckResponse {
  allowed: boolean
  /** Why not, in words for the learner; '' when allowed. */
  reason: string
  /** Share of the course's lessons finished, rounded up. */
  progress_percent: number
  /** Last moment a refund may be asked for, ISO; '' when the policy gives none. */
  deadline: string
  /** What would come back, in fen: the whole amount paid. */
  refund_fen: number
}

/** POST /api/course.order/refund: refunds the whole order inside the policy; asking twice makes one refund. */
export interface CourseOrderRefundRequest {
  order_id: number
  /** One of the reasons the app offers, or the learner's words (up to 80 characters). */
  reason: string
}

export interface CourseOrderRefundResponse {
  /** 'succeeded': the money is on its way back and the course is closed; 'processing': WeChat Pay is still at it. */
  status: 'succeeded' | 'processing'
  refund_fen: number
}

/**
 * What a live session's pull address is, by its scheme and path (a provider's signed query may follow):
 * HLS plays in WeChat's `<video>` and in browsers (natively or through hls.js); HTTP-FLV and RTMP only in the
 * mini-program's `<live-player>`, which WeChat grants to some 服务类目 (实时播放音视频流), never in a browser.
 */
export type StreamKind = 'hls' | 'flv' | 'rtmp'

export function streamKind(url: string): StreamKind | undefined {
  if (/^rtmps?:\/\/\S+$/i.test(url)) return 'rtmp'
  if (!/^https?:\/\/\S+$/i.test(url)) return undefined
  if (/\.m3u8($|\?)/i.test(url)) return 'hls'
  if (/\.flv($|\?)/i.test(url)) return 'flv'
  return undefined
}

/** What the console says of each kind: where it plays. */
export const STREAM_KIND_NOTE: Record<StreamKind, string> = {
  hls: 'HLS：小程序与 H5 都能播放（小程序用 video 组件，无需类目权限）',
  flv: 'FLV：仅小程序可播放（live-player，需在小程序后台开通实时播放音视频流，限部分类目）；H5 浏览器无法播放',
  rtmp: 'RTMP：仅小程序可播放（live-player，需在小程序后台开通实时播放音视频流，限部分类目）；H5 浏览器无法播放'
}
