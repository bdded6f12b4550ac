// The operator's withdrawal review, against the server's database (DATABASE_URL, or the embedded one
// in DATA_DIR — that folder is locked by a running server: stop it first, or use PostgreSQL).
//   npx tsx scripts/review-withdrawal.ts list
//   npx tsx scripts/review-withdrawal.ts pay <id>
//   npx tsx scripts/review-withdrawal.ts reject <id> <reason>
import { asc, eq } from 'drizzle-orm'
import type { Db } from '../server/db/database'
import { users, withdrawals } from '../server/db/schema'
import { formatYuan } from '../server/modules/wallet/money'
import { reviewWithdrawal } from '../server/modules/wallet/withdrawals'
import { idArg, runOperator, UsageError } from './lib/operator'

const USAGE = 'usage: review-withdrawal.ts list | pay <id> | reject <id> <reason>'

async function listPending(db: Db): Promise<void> {
  const rows = await db
    .select({ id: withdrawals.id, userId: withdrawals.userId, nickname: users.nickname, realName: withdrawals.realName, amountFen: withdrawals.amountFen, createdAt: withdrawals.createdAt })
    .from(withdrawals)
    .innerJoin(users, eq(users.id, withdrawals.userId))
    .where(eq(withdrawals.status, 'pending'))
    .orderBy(asc(withdrawals.createdAt))
  if (!rows.length) console.log('没有待审核的提现申请')
  for (const r of rows) {
    console.log(`#${r.id}  用户 ${r.userId}（${r.nickname}）  实名 ${r.realName}  ¥${formatYuan(r.amountFen)}  ${r.createdAt.toISOString()}`)
  }
}

runOperator(async ({ database: { db }, args: [command, idText, ...reasonWords] }) => {
  if (command === 'list') return await listPending(db)
  const id = idArg(idText, USAGE)
  if (command === 'pay') {
    const row = await reviewWithdrawal(db, id, { status: 'paid' })
    return console.log(`#${row.id} 已标记为已打款 ¥${formatYuan(row.amountFen)}`)
  }
  if (command === 'reject') {
    const row = await reviewWithdrawal(db, id, { status: 'rejected', reason: reasonWords.join(' ') })
    return console.log(`#${row.id} 已驳回，¥${formatYuan(row.amountFen)} 已退回可提现余额`)
  }
  throw new UsageError(USAGE)
})
