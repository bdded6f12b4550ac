import type { FastifyInstance } from 'fastify'
import { asc, count, desc, eq } from 'drizzle-orm'
import { z } from 'zod'
import { users, withdrawals } from '../../db/schema'
import { AppError } from '../../core/envelope'
import { paged } from '../../core/paging'
import { idParam, text } from '../../core/validate'
import { reviewWithdrawal } from '../wallet/withdrawals'
import type { AdminWithdrawalItem } from '../../../src/api/contracts/admin'
import { adminPaging, adminRoute, boolParam } from './route'

const snapshot = (w: typeof withdrawals.$inferSelect) => ({ status: w.status, amount_fen: w.amountFen, reject_reason: w.rejectReason })

export default async function withdrawalRoutes(app: FastifyInstance): Promise<void> {
  adminRoute(
    app,
    { method: 'GET', path: '/withdrawal/lists', input: z.object({ ...adminPaging, status: z.enum(['pending', 'paid', 'rejected']).default('pending') }), permission: 'withdrawal.view' },
    async ({ input }) => {
      const where = eq(withdrawals.status, input.status)
      const rows = await app.db
        .select({ w: withdrawals, nickname: users.nickname, mobile: users.mobile })
        .from(withdrawals)
        .innerJoin(users, eq(users.id, withdrawals.userId))
        .where(where)
        .orderBy(input.status === 'pending' ? asc(withdrawals.id) : desc(withdrawals.id))
        .limit(input.per_page)
        .offset((input.page - 1) * input.per_page)
      const [{ n }] = await app.db.select({ n: count() }).from(withdrawals).where(where)
      const list: AdminWithdrawalItem[] = rows.map(({ w, nickname, mobile }) => ({
        id: w.id,
        user_id: w.userId,
        nickname,
        mobile: mobile ?? '',
        real_name: w.realName,
        amount_fen: w.amountFen,
        status: w.status,
        reject_reason: w.rejectReason,
        created_at: w.createdAt.toISOString(),
        reviewed_at: w.reviewedAt?.toISOString() ?? null
      }))
      return paged(list, n, input.page, input.per_page)
    }
  )

  // Paid: the money was sent to the user (transfers are the finance team's step); rejected: the amount
  // returns to the user's available balance.
  adminRoute(
    app,
    { method: 'POST', path: '/withdrawal/decide', input: z.object({ id: idParam(), approve: boolParam, reason: text(128) }), permission: 'withdrawal.decide' },
    async ({ input, audit }) => {
      if (!input.approve && !input.reason) throw new AppError('驳回提现时请填写原因')
      await reviewWithdrawal(app.db, input.id, input.approve ? { status: 'paid' } : { status: 'rejected', reason: input.reason }, (tx, before, after) =>
        audit({ action: input.approve ? 'withdrawal.pay' : 'withdrawal.reject', targetType: 'withdrawal', targetId: input.id, before: snapshot(before), after: snapshot(after) }, tx)
      )
      return {}
    }
  )
}
