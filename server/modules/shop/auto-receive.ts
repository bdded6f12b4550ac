import { and, asc, eq, lt, ne } from 'drizzle-orm'

import { DAY_MS } from '../../../contract/china-time'
import type { Db } from '../../db/database'
import { shopOrders } from '../../db/schema'
import { businessSetting } from '../settings'
import { addEvent } from './order-lifecycle'

const BATCH = 200

/**
 * Confirms receipt of orders shipped the owner's 自动确认收货 days ago that the buyer never confirmed, so an order does
 * not stay 待收货 forever; an order with a refund request open waits for its decision. Each order in its own
 * conditional update, so a buyer's own confirmation at the same moment wins or loses cleanly. Answers how
 * many were confirmed.
 */
export async function autoReceive(db: Db, now = new Date()): Promise<number> {
  const days = await businessSetting(db, 'auto_receive_days')
  const before = new Date(now.getTime() - days * DAY_MS)
  let confirmed = 0
  for (;;) {
    const due = await db
      .select({ id: shopOrders.id })
      .from(shopOrders)
      .where(
        and(
          eq(shopOrders.status, 'to_receive'),
          lt(shopOrders.shippedAt, before),
          ne(shopOrders.refundStatus, 'applied')
        )
      )
      .orderBy(asc(shopOrders.id))
      .limit(BATCH)
    for (const { id } of due) {
      await db.transaction(async (tx) => {
        const [done] = await tx
          .update(shopOrders)
          .set({ status: 'done', receivedAt: now, updatedAt: now })
          .where(
            and(eq(shopOrders.id, id), eq(shopOrders.status, 'to_receive'), ne(shopOrders.refundStatus, 'applied'))
          )
          .returning({ id: shopOrders.id })
        if (!done) return
        await addEvent(tx, id, '自动确认收货', `发货 ${days} 天后系统自动确认收货`)
        confirmed++
      })
    }
    if (due.length < BATCH) return confirmed
  }
}
