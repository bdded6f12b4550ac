import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm'

import type { AccountMergeSummary } from '../../../contract'
import type { DataCipher } from '../../core/data-key'
import { AppError } from '../../core/envelope'
import { mobileLookup, openMobile, sealMobile } from '../../core/sealed-columns'
import { hashToken, newToken } from '../../core/tokens'
import type { Db, Executor } from '../../db/database'
import {
  accountMergeRequests,
  baziRecords,
  certificateApplications,
  courseEnrollments,
  shopAddresses,
  shopOrders,
  shopUserCoupons,
  users,
  userTokens,
  wallets,
  withdrawals
} from '../../db/schema'

const OFFER_MINUTES = 10
const IN_FLIGHT = ['pending', 'transferring', 'wait_confirm'] as const

export const MSG_WITHDRAWAL_IN_FLIGHT = '有一笔提现正在处理中，请在提现完成后再合并账号'
export const MSG_MERGE_USED = '账号已经合并，请勿重复提交'
export const MSG_MERGE_EXPIRED = '合并确认已过期，请重新获取验证码绑定'

/**
 * Every table holding a user's things, with what makes a row unique per user. A row of the merged
 * account whose twin the kept account already has (the same course favorited on both, say) stays
 * where it is: nothing is deleted, and the kept account keeps its own. `tests/server/account-merge`
 * checks that every user column of the schema is listed here, so a new table cannot be forgotten.
 */
const OWNED: Array<{ table: string; column?: string; unique?: string[]; where?: string }> = [
  { table: 'payments' },
  { table: 'shop_orders', unique: ['request_id'] },
  { table: 'shop_after_sales' },
  { table: 'shop_user_coupons' },
  { table: 'shop_addresses' },
  { table: 'shop_favorites', unique: ['goods_id'] },
  { table: 'shop_cart_items', unique: ['sku_id'] },
  { table: 'course_orders', unique: ['course_id'], where: "status in ('created', 'paid')" },
  { table: 'course_enrollments', unique: ['course_id'] },
  { table: 'course_favorites', unique: ['course_id'] },
  { table: 'lesson_progress', unique: ['lesson_id'] },
  { table: 'offline_signups', unique: ['class_id'] },
  { table: 'activity_signups', unique: ['activity_id'], where: "status <> 'cancelled'" },
  { table: 'certificate_applications', unique: ['certificate_id'], where: "status <> 'rejected'" },
  { table: 'membership_applications', unique: ['association_id'], where: "status <> 'rejected'" },
  { table: 'exam_attempts', unique: ['paper_id'], where: "status = 'ongoing'" },
  { table: 'service_orders' },
  { table: 'house_plans' },
  { table: 'divination_records' },
  { table: 'bazi_records' },
  { table: 'bazi_reports', unique: ['record_id'] },
  { table: 'bazi_readings' },
  { table: 'teacher_follows', unique: ['teacher_id'] },
  { table: 'article_likes', unique: ['article_id'] },
  { table: 'articles' },
  { table: 'uploaded_files' },
  { table: 'content_media_checks' },
  { table: 'page_views' },
  { table: 'wechat_accounts' },
  { table: 'withdrawals' },
  { table: 'wallet_logs' },
  { table: 'commissions' },
  { table: 'commissions', column: 'from_user_id' },
  // The messages and what was sent of them; an event told to both accounts keeps the kept account's message.
  { table: 'user_messages', unique: ['dedupe_key'] },
  { table: 'notification_deliveries' },
  // A subscription to a template both accounts hold stays with the merged account: the kept one's is used.
  { table: 'subscribe_grants', unique: ['template_id'] }
]
/** User columns deliberately not moved: the sessions (ended), the wallet (summed), the merge requests themselves. */
export const NOT_MOVED = [
  'user_tokens.user_id',
  'wallets.user_id',
  'account_merge_requests.user_id',
  'account_merge_requests.other_user_id'
]
export const MOVED_COLUMNS = OWNED.map((o) => `${o.table}.${o.column ?? 'user_id'}`)

/** What the other account holds, told to the user before they confirm. */
export async function mergeSummary(db: Executor, otherId: number): Promise<AccountMergeSummary> {
  const n = (table: Parameters<Executor['$count']>[0], where: Parameters<Executor['$count']>[1]) =>
    db.$count(table, where)
  const [other] = await db.select({ nickname: users.nickname }).from(users).where(eq(users.id, otherId))
  const [wallet] = await db.select().from(wallets).where(eq(wallets.userId, otherId))
  return {
    nickname: other?.nickname ?? '',
    orders: await n(shopOrders, eq(shopOrders.userId, otherId)),
    courses: await n(courseEnrollments, eq(courseEnrollments.userId, otherId)),
    certificates: await n(certificateApplications, eq(certificateApplications.userId, otherId)),
    coupons: await n(
      shopUserCoupons,
      and(
        eq(shopUserCoupons.userId, otherId),
        eq(shopUserCoupons.status, 'unused'),
        gt(shopUserCoupons.expireAt, new Date())
      )
    ),
    addresses: await n(shopAddresses, eq(shopAddresses.userId, otherId)),
    records: await n(baziRecords, eq(baziRecords.userId, otherId)),
    wallet_fen: wallet ? wallet.availableFen + wallet.frozenFen : 0
  }
}

async function assertNoWithdrawalInFlight(db: Executor, ids: number[]): Promise<void> {
  const [busy] = await db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(and(inArray(withdrawals.userId, ids), inArray(withdrawals.status, [...IN_FLIGHT])))
    .limit(1)
  if (busy) throw new AppError(MSG_WITHDRAWAL_IN_FLIGHT)
}

/** After the SMS code proved the number: a merge offer the user confirms within 10 minutes. */
export async function offerMerge(
  db: Db,
  cipher: DataCipher,
  keeperId: number,
  otherId: number,
  mobile: string
): Promise<{ token: string; summary: AccountMergeSummary }> {
  await assertNoWithdrawalInFlight(db, [keeperId, otherId])
  const token = newToken()
  await db.insert(accountMergeRequests).values({
    tokenHash: hashToken(token),
    userId: keeperId,
    otherUserId: otherId,
    mobile: sealMobile(cipher, mobile).mobile,
    expiresAt: new Date(Date.now() + OFFER_MINUTES * 60_000)
  })
  return { token, summary: await mergeSummary(db, otherId) }
}

/**
 * Moves everything of the other account into the kept one, in one transaction: its rows (orders,
 * payments, courses, certificates, coupons, addresses, records ...), its wallet added to the kept
 * wallet (its log moves along), its WeChat logins and the people it referred; the number moves
 * over; the other account is disabled with `merged_into` saying where it went, its sessions ended.
 */
export async function mergeAccounts(
  db: Db,
  cipher: DataCipher,
  keeperId: number,
  token: string
): Promise<{ mobile: string; summary: AccountMergeSummary }> {
  return db.transaction(async (tx) => {
    const [offer] = await tx
      .select()
      .from(accountMergeRequests)
      .where(and(eq(accountMergeRequests.tokenHash, hashToken(token)), eq(accountMergeRequests.userId, keeperId)))
      .for('update')
    if (!offer) throw new AppError(MSG_MERGE_EXPIRED)
    if (offer.mergedAt) throw new AppError(MSG_MERGE_USED)
    if (offer.expiresAt.getTime() < Date.now()) throw new AppError(MSG_MERGE_EXPIRED)
    const otherId = offer.otherUserId
    const mobile = openMobile(cipher, offer.mobile)
    // Both accounts and wallets locked in id order: a withdrawal or commission waits for the merge.
    const ids = [keeperId, otherId].sort((a, b) => a - b)
    const locked = await tx.select().from(users).where(inArray(users.id, ids)).orderBy(users.id).for('update')
    const keeper = locked.find((u) => u.id === keeperId)
    const other = locked.find((u) => u.id === otherId)
    if (!keeper || keeper.status !== 0 || keeper.deletedAt) throw new AppError('当前账号不可用')
    if (!other || other.status !== 0 || other.deletedAt || other.mobileHash !== mobileLookup(cipher, mobile))
      throw new AppError('该手机号的账号已变化，请重新获取验证码绑定')
    if (keeper.mobile) throw new AppError('当前账号已绑定手机号，不能再合并其他账号')
    await tx.select().from(wallets).where(inArray(wallets.userId, ids)).orderBy(wallets.userId).for('update')
    await assertNoWithdrawalInFlight(tx, ids)
    const summary = await mergeSummary(tx, otherId)

    // One default address and one default chart: the kept account's wins.
    for (const table of ['shop_addresses', 'bazi_records']) {
      await tx.execute(
        sql`update ${sql.identifier(table)} set is_default = false where user_id = ${otherId} and is_default
            and exists (select 1 from ${sql.identifier(table)} k where k.user_id = ${keeperId} and k.is_default)`
      )
    }
    for (const o of OWNED) {
      const col = sql.identifier(o.column ?? 'user_id')
      const t = sql.identifier(o.table)
      // A partial unique index counts only rows matching its condition, on both sides.
      const cond = (alias: string) => (o.where ? ` and ${o.where.replace(/\bstatus\b/g, `${alias}.status`)}` : '')
      const same = (o.unique ?? []).map((c) => ` and k.${c} = ${o.table}.${c}`).join('')
      const twin = o.unique
        ? sql` and not exists (select 1 from ${t} k where k.${col} = 
          ${keeperId}${sql.raw(same + cond('k') + cond(o.table))})`
        : sql``
      await tx.execute(sql`update ${t} set ${col} = ${keeperId} where ${col} = ${otherId}${twin}`)
    }

    const [from] = await tx.select().from(wallets).where(eq(wallets.userId, otherId))
    if (from) {
      await tx.insert(wallets).values({ userId: keeperId }).onConflictDoNothing()
      await tx
        .update(wallets)
        .set({
          availableFen: sql`${wallets.availableFen} + ${from.availableFen}`,
          frozenFen: sql`${wallets.frozenFen} + ${from.frozenFen}`,
          totalEarnedFen: sql`${wallets.totalEarnedFen} + ${from.totalEarnedFen}`,
          withdrawnFen: sql`${wallets.withdrawnFen} + ${from.withdrawnFen}`,
          owedFen: sql`${wallets.owedFen} + ${from.owedFen}`,
          updatedAt: new Date()
        })
        .where(eq(wallets.userId, keeperId))
      await tx
        .update(wallets)
        .set({ availableFen: 0, frozenFen: 0, totalEarnedFen: 0, withdrawnFen: 0, owedFen: 0, updatedAt: new Date() })
        .where(eq(wallets.userId, otherId))
    }

    // Whom the other account referred are now the kept account's referees (never itself).
    await tx.execute(
      sql`update users set referee_id = null, referee_parent_id = null where id = ${keeperId} and referee_id = 
        ${otherId}`
    )
    await tx.execute(
      sql`update users set referee_parent_id = null where id = ${keeperId} and referee_parent_id = ${otherId}`
    )
    await tx.execute(sql`update users set referee_id = ${keeperId} where referee_id = ${otherId} and id <> ${keeperId}`)
    await tx.execute(
      sql`update users set referee_parent_id = ${keeperId} where referee_parent_id = ${otherId} and id <> ${keeperId}`
    )

    const now = new Date()
    await tx
      .update(users)
      .set({ mobile: null, mobileHash: null, status: 1, mergedInto: keeperId, mergedAt: now, updatedAt: now })
      .where(eq(users.id, otherId))
    await tx
      .update(users)
      .set({ ...sealMobile(cipher, mobile), updatedAt: now })
      .where(eq(users.id, keeperId))
    await tx.delete(userTokens).where(eq(userTokens.userId, otherId))
    await tx
      .update(accountMergeRequests)
      .set({ mergedAt: now })
      .where(and(eq(accountMergeRequests.id, offer.id), isNull(accountMergeRequests.mergedAt)))
    return { mobile, summary }
  })
}
