// The operator's review of association membership applications (pages/my/union and pages/my/easyApply),
// against the server's database (DATABASE_URL, or the embedded one in DATA_DIR — that folder is locked by
// a running server: stop it first, or use PostgreSQL). Approval issues the member card.
//   npx tsx scripts/review-membership.ts list
//   npx tsx scripts/review-membership.ts approve <id>
//   npx tsx scripts/review-membership.ts reject <id> <reason>
import { asc, eq } from 'drizzle-orm'
import type { Db } from '../server/db/database'
import { membershipApplications } from '../server/db/schema'
import { reviewMembershipApplication } from '../server/modules/association/review'
import { maskIdNumber } from '../src/components/certificate/id-number'
import { idArg, runOperator, UsageError } from './lib/operator'

const USAGE = 'usage: review-membership.ts list | approve <id> | reject <id> <reason>'
const KIND: Record<string, string> = { full: '会员申请', easy: '快捷申请' }

async function listReviewing(db: Db): Promise<void> {
  const rows = await db
    .select()
    .from(membershipApplications)
    .where(eq(membershipApplications.status, 'reviewing'))
    .orderBy(asc(membershipApplications.createdAt))
  if (!rows.length) console.log('没有待审核的入会申请')
  for (const a of rows) {
    const id = a.idNumber ? ` ${maskIdNumber(a.idNumber)}` : ''
    const photo = a.photoUrl ? `  照片 ${a.photoUrl}` : ''
    const dues = a.amountFen ? `  会费 ¥${(a.amountFen / 100).toFixed(2)}` : ''
    console.log(`#${a.id}  ${KIND[a.kind] ?? a.kind}  ${a.name}${id} ${a.mobile}${dues}${photo}  ${a.createdAt.toISOString()}`)
  }
}

runOperator(async ({ database: { db }, args: [command, idText, ...reasonWords] }) => {
  if (command === 'list') return await listReviewing(db)
  const id = idArg(idText, USAGE)
  if (command === 'approve') {
    const row = await reviewMembershipApplication(db, id, { approve: true })
    return console.log(`#${row.id} 已通过，会员编号 ${row.memberNo}`)
  }
  if (command === 'reject') {
    const row = await reviewMembershipApplication(db, id, { approve: false, note: reasonWords.join(' ') })
    return console.log(`#${row.id} 已驳回：${row.reviewNote}`)
  }
  throw new UsageError(USAGE)
})
