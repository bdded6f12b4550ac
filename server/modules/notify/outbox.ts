import { and, asc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm'

import type { Db } from '../../db/database'
import type { NotifyChannel } from '../../db/schema'
import { notificationDeliveries, notificationTemplates, subscribeGrants, wechatAccounts } from '../../db/schema'
import { EVENTS, isEventKey } from './events'
import { templateData } from './fields'
import type { MessageApi, RobotApi, WechatAnswer } from './message-api'

type DeliveryRow = typeof notificationDeliveries.$inferSelect
type TemplateRow = typeof notificationTemplates.$inferSelect

/** How long one attempt holds its row: a process that dies mid-send leaves it to a later round. */
const LEASE_MS = 2 * 60_000
const BACKOFF_FIRST_MS = 30_000
const BACKOFF_MAX_MS = 3600_000
/** Tries before a delivery WeChat keeps failing is given up. */
export const MAX_ATTEMPTS = 6
const BATCH = 200
/** Sends in flight at once in one process. */
const PARALLEL = 16

// WeChat's answers that will not change by trying again: the user has no subscription left or declined
// (43101), unfollowed the official account (43004), the openid, template, page or values are wrong; and
// our driver's -100, the app of that channel not configured here.
const REFUSED = new Set([40003, 40037, 41028, 41029, 41030, 43004, 43101, 43107, 47003, 40036, -100])
const REFUSED_TEXT: Record<number, string> = {
  43101: '用户未订阅或已拒收此消息',
  43004: '用户未关注公众号',
  40003: '用户的 openid 无效',
  40037: '模板 ID 无效',
  47003: '模板字段的内容不符合微信的格式',
  41030: '消息打开的页面不存在或未发布'
}

export type SendResult = { state: 'sent' } | { state: 'retry' | 'refused'; error: string }

/** WeChat's answer as an outcome, its code kept in the reason the console shows. */
export function answerResult(a: WechatAnswer): SendResult {
  if (a.errcode === 0) return { state: 'sent' }
  const known =
    REFUSED_TEXT[a.errcode] ?? (a.errmsg.replace(/[,，]?\s*(hint:|rid:).*$/s, '').trim() || '微信拒绝了消息')
  const error = `${known}（错误码 ${a.errcode}）`
  return { state: REFUSED.has(a.errcode) ? 'refused' : 'retry', error }
}

const backoff = (attempts: number) => Math.min(BACKOFF_FIRST_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS)

export interface OutboxDeps {
  db: Db
  /** WeChat's message APIs; absent when no WeChat app is configured (then those deliveries are refused). */
  messages?: MessageApi
  robot?: RobotApi
  mpAppId: string
  oaAppId: string
  /** The H5 app's address, for 模板消息 links: `${h5Url}/#/${link}`. */
  h5Url: string
  /** 订阅消息's miniprogram_state: which version of the mini-program its page opens. */
  mpState: 'developer' | 'trial' | 'formal'
}

type OutboxLog = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void }
const quietLog: OutboxLog = { warn: () => undefined, error: () => undefined }

/**
 * Sends what the Notifier queued: claims due deliveries (SKIP LOCKED, so processes never share one), sends
 * each on its channel, and records the outcome: sent, refused for a reason that trying again cannot change,
 * or retried with backoff until MAX_ATTEMPTS and then failed.
 */
export class NotifyOutbox {
  private running: Promise<number> | undefined
  private again = false
  private log: OutboxLog = quietLog

  constructor(private readonly deps: OutboxDeps) {}

  useLog(log: OutboxLog): void {
    this.log = log
  }

  /** Sends every due delivery; a call while a round runs makes that round go once more. */
  deliverDue(): Promise<number> {
    if (this.running) {
      this.again = true
      return this.running
    }
    const run = (async () => {
      let sent = 0
      do {
        this.again = false
        for (;;) {
          const n = await this.round(new Date())
          sent += n.sent
          if (n.claimed < BATCH) break
        }
      } while (this.again)
      return sent
    })()
    this.running = run
    void run.finally(() => {
      if (this.running === run) this.running = undefined
    })
    return run
  }

  async idle(): Promise<void> {
    while (this.running) await this.running.catch(() => undefined)
  }

  private async round(now: Date): Promise<{ claimed: number; sent: number }> {
    const { db } = this.deps
    const lease = new Date(now.getTime() + LEASE_MS)
    const due = db
      .select({ id: notificationDeliveries.id })
      .from(notificationDeliveries)
      .where(
        and(
          eq(notificationDeliveries.state, 'pending'),
          or(isNull(notificationDeliveries.nextTryAt), lte(notificationDeliveries.nextTryAt, now))
        )
      )
      .orderBy(asc(notificationDeliveries.id))
      .limit(BATCH)
      .for('update', { skipLocked: true })
    const claimed = await db
      .update(notificationDeliveries)
      .set({ attempts: sql`${notificationDeliveries.attempts} + 1`, nextTryAt: lease, updatedAt: now })
      .where(inArray(notificationDeliveries.id, due))
      .returning()
    if (!claimed.length) return { claimed: 0, sent: 0 }
    const rows = claimed.sort((a, b) => a.id - b.id)
    const [templates, openids] = await Promise.all([
      db.select().from(notificationTemplates),
      this.openidsOf(rows.map((r) => r.userId).filter((u): u is number => u !== null))
    ])
    const tpl = new Map(templates.map((t) => [`${t.event}:${t.channel}`, t]))
    let sent = 0
    let next = 0
    const worker = async () => {
      while (next < rows.length) {
        const row = rows[next++]
        if ((await this.deliverOne(row, tpl.get(`${row.event}:${row.channel}`), openids)) === 'sent') sent++
      }
    }
    await Promise.all(Array.from({ length: Math.min(PARALLEL, rows.length) }, worker))
    return { claimed: rows.length, sent }
  }

  /** The batch's WeChat accounts in one query: `${userId}:${appId}` -> openid. */
  private async openidsOf(userIds: number[]): Promise<Map<string, string>> {
    const apps = [this.deps.mpAppId, this.deps.oaAppId].filter(Boolean)
    if (!userIds.length || !apps.length) return new Map()
    const accounts = await this.deps.db
      .select({ userId: wechatAccounts.userId, appId: wechatAccounts.appId, openid: wechatAccounts.openid })
      .from(wechatAccounts)
      .where(and(inArray(wechatAccounts.userId, [...new Set(userIds)]), inArray(wechatAccounts.appId, apps)))
    return new Map(accounts.map((a) => [`${a.userId}:${a.appId}`, a.openid]))
  }

  private async deliverOne(
    row: DeliveryRow,
    template: TemplateRow | undefined,
    openids?: Map<string, string>
  ): Promise<DeliveryRow['state']> {
    let result: SendResult
    try {
      result = await this.send(row, template, openids)
    } catch (err) {
      result = { state: 'retry', error: err instanceof Error ? err.message : String(err) }
    }
    const state: DeliveryRow['state'] =
      result.state === 'sent'
        ? 'sent'
        : result.state === 'refused'
          ? 'refused'
          : row.attempts >= MAX_ATTEMPTS
            ? 'failed'
            : 'pending'
    const error = result.state === 'sent' ? '' : result.error.slice(0, 256)
    await this.deps.db
      .update(notificationDeliveries)
      .set({
        state,
        lastError: error,
        nextTryAt: state === 'pending' ? new Date(Date.now() + backoff(row.attempts)) : null,
        sentAt: state === 'sent' ? new Date() : null,
        updatedAt: new Date()
      })
      .where(eq(notificationDeliveries.id, row.id))
    const entry = { delivery_id: row.id, event: row.event, channel: row.channel, attempts: row.attempts }
    if (state === 'failed') this.log.error({ ...entry, reason: error }, 'notification given up')
    else if (state === 'pending') this.log.warn({ ...entry, reason: error }, 'notification retried')
    return state
  }

  /** One delivery on its channel. */
  async send(row: DeliveryRow, template: TemplateRow | undefined, openids?: Map<string, string>): Promise<SendResult> {
    if (!isEventKey(row.event)) return { state: 'refused', error: `未知的事件 ${row.event}` }
    if (row.channel === 'robot') return this.sendRobot(row, template)
    if (!template || !template.enabled || !template.templateId)
      return { state: 'refused', error: `未设置「${EVENTS[row.event].label}」的${channelName(row.channel)}模板` }
    const api = this.deps.messages
    if (!api) return { state: 'refused', error: '未配置微信，无法发送微信消息' }
    const appId = row.channel === 'subscribe' ? this.deps.mpAppId : this.deps.oaAppId
    const openid = openids ? openids.get(`${row.userId}:${appId}`) : await this.openid(row.userId, appId)
    if (!openid) return { state: 'refused', error: '用户没有此渠道的微信账号' }
    const data = templateData(template.fields, row.fields)
    if (row.channel === 'template') {
      const url = row.link ? `${this.deps.h5Url}/#/${row.link.replace(/^\//, '')}` : undefined
      return answerResult(
        await api.sendTemplate({
          touser: openid,
          template_id: template.templateId,
          url,
          data,
          client_msg_id: `n${row.id}`
        })
      )
    }
    // One acceptance in wx.requestSubscribeMessage allows one message: taken before the send, given back
    // when the send did not happen for a reason of ours or of WeChat's network.
    if (!(await this.takeGrant(row.userId!, template.templateId)))
      return { state: 'refused', error: '用户未订阅此消息或订阅次数已用完' }
    let result: SendResult
    try {
      result = answerResult(
        await api.sendSubscribe({
          touser: openid,
          template_id: template.templateId,
          page: row.link || undefined,
          data,
          miniprogram_state: this.deps.mpState,
          lang: 'zh_CN'
        })
      )
    } catch (err) {
      await this.giveGrantBack(row.userId!, template.templateId)
      throw err
    }
    if (result.state === 'retry') await this.giveGrantBack(row.userId!, template.templateId)
    return result
  }

  private async sendRobot(row: DeliveryRow, template: TemplateRow | undefined): Promise<SendResult> {
    const robot = this.deps.robot
    if (!robot) return { state: 'refused', error: '未设置运营群机器人（OPERATOR_WEBHOOK_URL）' }
    if (template && !template.enabled) return { state: 'refused', error: '此事件未开启群机器人通知' }
    const def = EVENTS[row.event as keyof typeof EVENTS]
    const content = `**${def.title(row.fields)}**\n> ${def.body(row.fields)}`
    return answerResult(await robot.send({ msgtype: 'markdown', markdown: { content } }))
  }

  private async openid(userId: number | null, appId: string): Promise<string | undefined> {
    if (!userId || !appId) return undefined
    const [a] = await this.deps.db
      .select({ openid: wechatAccounts.openid })
      .from(wechatAccounts)
      .where(and(eq(wechatAccounts.userId, userId), eq(wechatAccounts.appId, appId)))
      .limit(1)
    return a?.openid
  }

  private async takeGrant(userId: number, templateId: string): Promise<boolean> {
    const taken = await this.deps.db
      .update(subscribeGrants)
      .set({ remaining: sql`${subscribeGrants.remaining} - 1`, updatedAt: new Date() })
      .where(
        and(
          eq(subscribeGrants.userId, userId),
          eq(subscribeGrants.templateId, templateId),
          gt(subscribeGrants.remaining, 0)
        )
      )
      .returning({ remaining: subscribeGrants.remaining })
    return taken.length > 0
  }

  private async giveGrantBack(userId: number, templateId: string): Promise<void> {
    await this.deps.db
      .update(subscribeGrants)
      .set({ remaining: sql`${subscribeGrants.remaining} + 1`, updatedAt: new Date() })
      .where(and(eq(subscribeGrants.userId, userId), eq(subscribeGrants.templateId, templateId)))
  }
}

export function channelName(channel: NotifyChannel): string {
  return channel === 'subscribe' ? '订阅消息' : channel === 'template' ? '公众号模板消息' : '群机器人'
}
