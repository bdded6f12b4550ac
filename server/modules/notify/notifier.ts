import { and, eq, gt, inArray, sql } from 'drizzle-orm'

import type { Executor } from '../../db/database'
import type { NotifyChannel } from '../../db/schema'
import {
  notificationDeliveries,
  notificationTemplates,
  operatorNotices,
  subscribeGrants,
  userMessages,
  wechatAccounts
} from '../../db/schema'
import { type EventDef, type EventFields, EVENTS, type OperatorEventKey, type UserEventKey } from './events'
import { channelName } from './outbox'

/** Every process listens here: a notice (sent as the event's transaction commits) starts a delivery round. */
export const NOTIFY_DUE_CHANNEL = 'notify_due'

/** Rows written per statement when one event reaches many people. */
const CHUNK = 1000

export interface NotifyApps {
  /** The mini-program's app id: its users get 订阅消息. */
  mpAppId: string
  /** The official account's app id: its users get 模板消息. */
  oaAppId: string
  /** Whether the operators' group robot is set (OPERATOR_WEBHOOK_URL). */
  robot: boolean
}

export interface UserNotice<K extends UserEventKey> {
  /** The event's own key (e.g. the order id): the same event told again writes and sends nothing more. */
  key: string | number
  fields: EventFields<K>
  /** The app page the message opens, a route with its query: `goods/pages/order/detail?id=12`. */
  link: string
}

export interface OperatorNotice<K extends OperatorEventKey> {
  key: string | number
  fields: EventFields<K>
  /** The console screen: `/orders/12`. */
  link: string
  /** A booking's teacher: that teacher's own console account sees it too. */
  teacherId?: number
}

const chunks = <T>(list: T[]): T[][] => {
  const out: T[][] = []
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK))
  return out
}

const text = (s: string, max: number) => Array.from(s).slice(0, max).join('')

/**
 * Turns events into what people receive. Called inside the transaction that made the event happen, it
 * only writes rows: the in-app message (the channel everyone has), the operators' notice, and one
 * delivery per person and WeChat channel for the outbox (outbox.ts) to send once the transaction commits.
 * Nothing here waits for WeChat, and a rolled-back event tells no one.
 */
export class Notifier {
  constructor(private readonly apps: NotifyApps) {}

  /** Tells users (one or many) that `event` happened. */
  async toUsers<K extends UserEventKey>(tx: Executor, event: K, userIds: number | number[], n: UserNotice<K>) {
    const def: EventDef = EVENTS[event]
    const ids = [...new Set(Array.isArray(userIds) ? userIds : [userIds])]
    if (!ids.length) return
    const fields = n.fields as Record<string, string>
    const dedupeKey = `${event}:${n.key}`
    const title = text(def.title(fields), 64)
    const body = text(def.body(fields), 256)
    let queued = 0
    const templates = await this.templatesOf(tx, event)
    for (const part of chunks(ids)) {
      await tx
        .insert(userMessages)
        .values(part.map((userId) => ({ userId, event, title, body, link: n.link, dedupeKey })))
        .onConflictDoNothing()
      const apps = [this.apps.mpAppId, this.apps.oaAppId].filter(Boolean)
      if (!apps.length) continue
      const accounts = await tx
        .selectDistinct({ userId: wechatAccounts.userId, appId: wechatAccounts.appId })
        .from(wechatAccounts)
        .where(and(inArray(wechatAccounts.userId, part), inArray(wechatAccounts.appId, apps)))
      const rows = await this.choose(tx, event, accounts, templates)
      if (rows.length) {
        await tx
          .insert(notificationDeliveries)
          .values(
            rows.map((r) => ({ ...r, dedupeKey: `${dedupeKey}:${r.userId}:${r.channel}`, event, fields, link: n.link }))
          )
          .onConflictDoNothing()
        queued += rows.filter((r) => r.state === 'pending').length
      }
    }
    if (queued) await this.due(tx)
  }

  /** The event's WeChat templates the console set and enabled, by channel. */
  private async templatesOf(tx: Executor, event: string): Promise<Map<NotifyChannel, string>> {
    const rows = await tx
      .select({ channel: notificationTemplates.channel, templateId: notificationTemplates.templateId })
      .from(notificationTemplates)
      .where(and(eq(notificationTemplates.event, event), eq(notificationTemplates.enabled, true)))
    return new Map(rows.filter((r) => r.templateId).map((r) => [r.channel, r.templateId]))
  }

  /**
   * Which WeChat channel tells each user: the one whose template is set, where the user has an account. A
   * user of both apps gets the 订阅消息 when they hold a subscription to it, else the 模板消息. With no
   * template set, the user's own channel records the refusal at once, so 发送记录 shows why nothing went.
   */
  private async choose(
    tx: Executor,
    event: UserEventKey,
    accounts: { userId: number; appId: string }[],
    templates: Map<NotifyChannel, string>
  ): Promise<{ userId: number; channel: NotifyChannel; state: 'pending' | 'refused'; lastError: string }[]> {
    const byUser = new Map<number, Set<NotifyChannel>>()
    for (const a of accounts) {
      const channel: NotifyChannel = a.appId === this.apps.mpAppId ? 'subscribe' : 'template'
      if (!byUser.has(a.userId)) byUser.set(a.userId, new Set())
      byUser.get(a.userId)!.add(channel)
    }
    const subscribeTpl = templates.get('subscribe')
    const both = [...byUser].filter(([, c]) => c.has('subscribe') && c.has('template')).map(([u]) => u)
    const subscribed = new Set<number>()
    if (subscribeTpl && templates.has('template') && both.length) {
      const held = await tx
        .select({ userId: subscribeGrants.userId })
        .from(subscribeGrants)
        .where(
          and(
            inArray(subscribeGrants.userId, both),
            eq(subscribeGrants.templateId, subscribeTpl),
            gt(subscribeGrants.remaining, 0)
          )
        )
      held.forEach((h) => subscribed.add(h.userId))
    }
    const label = EVENTS[event].label
    return [...byUser].map(([userId, has]) => {
      const usable = (['subscribe', 'template'] as const).filter((c) => has.has(c) && templates.has(c))
      if (!usable.length) {
        const channel: NotifyChannel = has.has('subscribe') ? 'subscribe' : 'template'
        return {
          userId,
          channel,
          state: 'refused' as const,
          lastError: `未设置「${label}」的${channelName(channel)}模板`
        }
      }
      const channel = usable.length === 1 ? usable[0] : subscribed.has(userId) ? 'subscribe' : 'template'
      return { userId, channel, state: 'pending' as const, lastError: '' }
    })
  }

  /** Tells the operators who may act on it, in the console's bell and (when set) the group robot. */
  async toOperators<K extends OperatorEventKey>(tx: Executor, event: K, n: OperatorNotice<K>) {
    const def: EventDef = EVENTS[event]
    if (def.audience !== 'operator') return
    const fields = n.fields as Record<string, string>
    const dedupeKey = `${event}:${n.key}`
    const [notice] = await tx
      .insert(operatorNotices)
      .values({
        event,
        title: text(def.title(fields), 64),
        body: text(def.body(fields), 256),
        link: n.link,
        permission: def.permission,
        teacherId: n.teacherId ?? null,
        dedupeKey
      })
      .onConflictDoNothing()
      .returning({ id: operatorNotices.id })
    if (!notice || !this.apps.robot || def.robot === false) return
    await tx
      .insert(notificationDeliveries)
      .values({ dedupeKey: `${dedupeKey}:robot`, event, channel: 'robot', userId: null, fields, link: n.link })
      .onConflictDoNothing()
    await this.due(tx)
  }

  /** Wakes the outbox of every process once the transaction commits (PostgreSQL sends notices on commit). */
  private async due(tx: Executor): Promise<void> {
    await tx.execute(sql`select pg_notify(${NOTIFY_DUE_CHANNEL}, '')`)
  }
}

/** Marks a user's messages read: the given ids, or all of them. Answers how many changed. */
export async function markRead(db: Executor, userId: number, ids: number[] | 'all'): Promise<number> {
  const rows = await db
    .update(userMessages)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(userMessages.userId, userId),
        sql`${userMessages.readAt} is null`,
        ids === 'all' ? undefined : inArray(userMessages.id, ids.length ? ids : [0])
      )
    )
    .returning({ id: userMessages.id })
  return rows.length
}
