import { asc, count, desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type { AdminWithdrawalItem } from '../../../contract/admin'
import { AppError } from '../../core/envelope'
import { paged } from '../../core/paging'
import { openMobile } from '../../core/sealed-columns'
import { idParam, multiline } from '../../core/validate'
import type { Tx } from '../../db/database'
import { users, WITHDRAWAL_STATUSES, withdrawals } from '../../db/schema'
import { rejectWithdrawal, type WithdrawalRow } from '../wallet/withdrawals'
import { adminPaging, adminRoute, boolParam } from './route'

const snapshot = (w: typeof withdrawals.$inferSelect) => ({
  status: w.status,
  amount_fen: w.amountFen,
  reject_reason: w.rejectReason
})

export default async function withdrawalRoutes(app: FastifyInstance): Promise<void> {
  adminRoute(
    app,
    {
      method: 'GET',
      path: '/withdrawal/lists',
      input: z.object({ ...adminPaging, status: z.enum(WITHDRAWAL_STATUSES).default('pending') }),
      permission: 'withdrawal.view'
    },
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
        mobile: openMobile(app.services.dataCipher, mobile),
        real_name: w.realName,
        amount_fen: w.amountFen,
        status: w.status,
        reject_reason: w.rejectReason,
        fail_reason: w.failReason,
        out_bill_no: w.outBillNo ?? '',
        created_at: w.createdAt.toISOString(),
        reviewed_at: w.reviewedAt?.toISOString() ?? null,
        finished_at: w.finishedAt?.toISOString() ?? null
      }))
      return paged(list, n, input.page, input.per_page)
    }
  )

  // Approved: paid by merchant transfer into the user's WeChat change (the user accepts it in WeChat; a
  // failed or cancelled transfer returns the amount); rejected: the amount returns to the user's balance.
  adminRoute(
    app,
    {
      method: 'POST',
      path: '/withdrawal/decide',
      input: z.object({ id: idParam(), approve: boolParam, reason: multiline(128) }),
      permission: 'withdrawal.decide'
    },
    async ({ input, audit }) => {
      if (!input.approve && !input.reason) throw new AppError('驳回提现时请填写原因')
      const record = (action: string) => (tx: Tx, before: WithdrawalRow, after: WithdrawalRow) =>
        audit(
          { action, targetType: 'withdrawal', targetId: input.id, before: snapshot(before), after: snapshot(after) },
          tx
        )
      if (!input.approve) {
        await rejectWithdrawal(app.db, app.services.notify, input.id, input.reason, record('withdrawal.reject'))
        return {}
      }
      const row = await app.services.payouts.approve(input.id, record('withdrawal.pay'))
      return { status: row.status, fail_reason: row.failReason }
    }
  )
}
