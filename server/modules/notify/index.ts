import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type {
  SubscribeTemplatesResponse,
  UnreadMessagesResponse,
  UserMessage,
  UserMessagesResponse
} from '../../../contract'
import { offsetOf, paged, pagingFields } from '../../core/paging'
import { userRoute } from '../../core/route'
import { scheduleSweep } from '../../core/sweep'
import { notificationTemplates, subscribeGrants, userMessages } from '../../db/schema'
import { eventsOfScene, SUBSCRIBE_SCENES } from './events'
import { markRead, NOTIFY_DUE_CHANNEL } from './notifier'

/** A round of the outbox also runs this often without a notice (retries coming due, a notice missed). */
const SWEEP_MS = 15_000
/** WeChat lets one wx.requestSubscribeMessage ask for at most 3 templates. */
const MAX_ASK = 3
/** Acceptances kept per template: more are of no use and would let one user grow a row without end. */
const MAX_GRANTS = 50

const idList = z.preprocess(
  (v) =>
    typeof v === 'string'
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
          .map(Number)
      : v,
  z.array(z.number().int().positive()).max(100)
)

/**
 * The in-app 消息中心 and the WeChat subscriptions behind the 订阅消息; the delivery of what the Notifier
 * queued (outbox.ts) runs when an event's transaction commits and as a periodic job.
 */
export default async function notifyModule(app: FastifyInstance): Promise<void> {
  const outbox = app.services.notifyOutbox
  outbox.useLog(app.log)
  const deliver = () =>
    void outbox.deliverDue().catch((err: unknown) => app.log.warn({ err }, 'notifications: round failed; retried'))
  scheduleSweep(app, 'notifications: sending due deliveries', SWEEP_MS, () => outbox.deliverDue())
  let unlisten: (() => Promise<void>) | undefined
  app.addHook('onReady', async () => {
    unlisten = await app.database.listen(NOTIFY_DUE_CHANNEL, { onMessage: deliver, onListening: () => undefined })
  })
  app.addHook('onClose', async () => {
    await unlisten?.()
    await outbox.idle()
  })

  userRoute(
    app,
    { method: 'GET', path: '/user.message/lists', input: z.object(pagingFields) },
    async ({ userId, input }): Promise<UserMessagesResponse> => {
      const mine = eq(userMessages.userId, userId)
      const [rows, [{ total }], unread] = await Promise.all([
        app.db
          .select()
          .from(userMessages)
          .where(mine)
          .orderBy(desc(userMessages.id))
          .limit(input.per_page)
          .offset(offsetOf(input.page, input.per_page)),
        app.db.select({ total: count() }).from(userMessages).where(mine),
        unreadCount(userId)
      ])
      const list: UserMessage[] = rows.map((m) => ({
        id: m.id,
        event: m.event,
        title: m.title,
        body: m.body,
        link: m.link,
        read: m.readAt !== null,
        created_at: m.createdAt.toISOString()
      }))
      return { ...paged(list, total, input.page, input.per_page), unread }
    }
  )

  async function unreadCount(userId: number): Promise<number> {
    const [{ n }] = await app.db
      .select({ n: count() })
      .from(userMessages)
      .where(and(eq(userMessages.userId, userId), isNull(userMessages.readAt)))
    return n
  }

  userRoute(
    app,
    { method: 'GET', path: '/user.message/unread', input: z.object({}) },
    async ({ userId }): Promise<UnreadMessagesResponse> => ({ count: await unreadCount(userId) })
  )

  userRoute(
    app,
    {
      method: 'POST',
      path: '/user.message/read',
      input: z.object({ ids: idList.optional(), all: z.union([z.boolean(), z.enum(['1', 'true'])]).optional() })
    },
    async ({ userId, input }): Promise<UnreadMessagesResponse> => {
      await markRead(app.db, userId, input.all ? 'all' : (input.ids ?? []))
      return { count: await unreadCount(userId) }
    }
  )

  /** The subscribe templates of the events this tap leads to, as the console set them. */
  userRoute(
    app,
    {
      method: 'GET',
      path: '/user.message/templates',
      input: z.object({ scene: z.enum(SUBSCRIBE_SCENES) }),
      labels: { scene: '订阅场景' }
    },
    async ({ input }): Promise<SubscribeTemplatesResponse> => {
      const events = eventsOfScene(input.scene)
      const rows = await app.db
        .select({ templateId: notificationTemplates.templateId })
        .from(notificationTemplates)
        .where(
          and(
            eq(notificationTemplates.channel, 'subscribe'),
            eq(notificationTemplates.enabled, true),
            inArray(notificationTemplates.event, events)
          )
        )
      const ids = [...new Set(rows.map((r) => r.templateId).filter(Boolean))]
      return { template_ids: ids.slice(0, MAX_ASK) }
    }
  )

  /** wx.requestSubscribeMessage's answer: each accepted template allows one more message. */
  userRoute(
    app,
    {
      method: 'POST',
      path: '/user.message/subscribe',
      // Keys are WeChat's template ids (letters, digits, - and _) and its errMsg.
      input: z.object({ results: z.record(z.string().regex(/^[\w-]{1,64}$/), z.string().max(64)) })
    },
    async ({ userId, input }): Promise<{ accepted: number }> => {
      const accepted = Object.entries(input.results)
        .filter(([, v]) => v === 'accept')
        .map(([id]) => id)
        .slice(0, 10)
      if (!accepted.length) return { accepted: 0 }
      // Only templates the console set: an id the app made up is not counted.
      const known = await app.db
        .selectDistinct({ templateId: notificationTemplates.templateId })
        .from(notificationTemplates)
        .where(and(eq(notificationTemplates.channel, 'subscribe'), inArray(notificationTemplates.templateId, accepted)))
      if (!known.length) return { accepted: 0 }
      await app.db
        .insert(subscribeGrants)
        .values(known.map((k) => ({ userId, templateId: k.templateId, remaining: 1 })))
        .onConflictDoUpdate({
          target: [subscribeGrants.userId, subscribeGrants.templateId],
          set: {
            remaining: sql`least(${subscribeGrants.remaining} + 1, ${MAX_GRANTS})`,
            updatedAt: new Date()
          }
        })
      return { accepted: known.length }
    }
  )
  await app.register(import('./reminders'))
}
