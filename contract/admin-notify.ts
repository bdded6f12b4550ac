/**
 * The console's 消息设置 (`/api/admin/notify/...`, permission notify.manage): which WeChat template each event
 * uses and which of its keys each event field fills, which operator events go to the group robot, the 发送记录
 * and a test send. Types only; the event catalogue itself is the server's (server/modules/notify/events.ts).
 * GET /api/admin/notify/history {page, per_page} -> Paged<AdminAuditRow>: the audited changes of the settings.
 */
import type { Paged, PageParams } from '.'

/** subscribe 小程序订阅消息, template 公众号模板消息, robot 运营群机器人. */
export type AdminNotifyChannel = 'subscribe' | 'template' | 'robot'

/** pending 待发送/重试中 (attempts says which), sent 已发送, refused 已拒绝 (will not be retried), failed 失败 (retries spent). */
export type AdminDeliveryState = 'pending' | 'sent' | 'refused' | 'failed'

/** One of WeChat's template key types (`thing`, `amount` …): its Chinese name and longest value. */
export interface AdminNotifyKind {
  kind: string
  label: string
  max: number
}

export interface AdminNotifyField {
  /** The event's field name, as a mapping names it. */
  name: string
  label: string
  kind: string
  kind_label: string
  /** The template key types this field may fill (a `thing2` key takes any short text, an `amount3` only money). */
  fits: string[]
}

/** One event's setting on one channel; absent: never set. */
export interface AdminNotifySetting {
  enabled: boolean
  template_id: string
  /** WeChat's key -> the event's field name. */
  fields: Record<string, string>
  /** The version a save must carry. */
  updated_at: string
}

export interface AdminNotifyEvent {
  event: string
  label: string
  audience: 'user' | 'operator'
  fields: AdminNotifyField[]
  /** The channels it may use: a user event 订阅消息 and 模板消息, an operator event the group robot. */
  channels: AdminNotifyChannel[]
  settings: Partial<Record<AdminNotifyChannel, AdminNotifySetting>>
}

/** GET /api/admin/notify/events */
export interface AdminNotifyEvents {
  events: AdminNotifyEvent[]
  kinds: AdminNotifyKind[]
  /** Whether OPERATOR_WEBHOOK_URL is set (the address itself is never shown). */
  robot_configured: boolean
  /** simulator: nothing leaves the machine; wechat: the apps whose secret is set send for real. */
  wechat: { provider: 'simulator' | 'wechat'; mini_program: boolean; official_account: boolean }
}

/**
 * POST /api/admin/notify/save -> AdminNotifySetting. For the robot only `enabled` counts. `updated_at`: the
 * setting's version as read ('' when it was never set); a setting changed since is refused.
 */
export interface AdminNotifySaveRequest {
  event: string
  channel: AdminNotifyChannel
  enabled: boolean
  template_id: string
  fields: Record<string, string>
  updated_at: string
}

/** One row of the 发送记录. */
export interface AdminNotifyDelivery {
  id: number
  event: string
  event_label: string
  channel: AdminNotifyChannel
  /** null for the group robot. */
  user_id: number | null
  user_nickname: string
  state: AdminDeliveryState
  attempts: number
  /** Why it was refused or is retried (WeChat's code in it); '' once sent. */
  last_error: string
  /** The event's values by field name. */
  fields: Record<string, string>
  /** A test send from the console. */
  test: boolean
  next_try_at: string | null
  sent_at: string | null
  created_at: string
}

/** GET /api/admin/notify/deliveries; dates are China days (YYYY-MM-DD), both ends included. */
export interface AdminNotifyDeliveriesQuery extends PageParams {
  event?: string
  channel?: AdminNotifyChannel
  state?: AdminDeliveryState
  user_id?: number
  date_from?: string
  date_to?: string
}

/** `total` counts at most 10,000 rows; `more`: there are more than that (page on, or narrow the filters). */
export interface AdminNotifyDeliveries extends Paged<AdminNotifyDelivery> {
  more: boolean
}

/** POST /api/admin/notify/test: the event with sample values, sent at once; user_id for 订阅消息 and 模板消息. */
export interface AdminNotifyTestRequest {
  event: string
  channel: AdminNotifyChannel
  user_id?: number
}

export interface AdminNotifyTestResult {
  delivery: AdminNotifyDelivery
}
