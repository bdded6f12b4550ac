// The operator's review of association membership applications (pages/my/union and pages/my/easyApply),
// against the server's database (DATABASE_URL, or the embedded one in DATA_DIR — that folder is locked by
// a running server: stop it first, or use PostgreSQL). Approval issues the member card.
//   npx tsx scripts/review-membership.ts list
//   npx tsx scripts/review-membership.ts approve <id>
//   npx tsx scripts/review-membership.ts reject <id> <reason>
//   npx tsx scripts/review-membership.ts find <ID number>      (every application under that ID number)
import { asc, eq, type SQL } from 'drizzle-orm'
import { loadDataCipher, type DataCipher } from '../server/core/data-key'
import type { Db } from '../server/db/database'
import { membershipApplications } from '../server/db/schema'
import { reviewMembershipApplication } from '../server/modules/association/review'
import { idNumberLookup, maskedIdNumber } from '../server/modules/certificate/id-number-store'
import { idArg, runOperator, UsageError } from './lib/operator'

const USAGE = 'usage: review-membership.ts list | approve <id> | reject <id> <reason> | find <身份证号>'
const KIND: Record<string, string> = { full: '会员申请', easy: '快捷申请' }

async function listWhere(db: Db, cipher: DataCipher, where: SQL, empty: string): Promise<void> {
  const rows = await db.select().from(membershipApplications).where(where).orderBy(asc(membershipApplications.createdAt))
  if (!rows.length) console.log(empty)
  for (const a of rows) {
    const id = a.idNumber ? ` ${maskedIdNumber(cipher, a.idNumber)}` : ''
    const photo = a.photoUrl ? `  照片 ${a.photoUrl}` : ''
    const dues = a.amountFen ? `  会费 ¥${(a.amountFen / 100).toFixed(2)}` : ''
    console.log(`#${a.id}  ${KIND[a.kind] ?? a.kind}  ${a.status}  ${a.name}${id} ${a.mobile}${dues}${photo}  ${a.createdAt.toISOString()}`)
  }
}

runOperator(async ({ database: { db }, config, args: [command, idText, ...reasonWords] }) => {
  const cipher = loadDataCipher(config)
  if (command === 'list') return await listWhere(db, cipher, eq(membershipApplications.status, 'reviewing'), '没有待审核的入会申请')
  if (command === 'find') {
    if (!idText) throw new UsageError(USAGE)
    return await listWhere(db, cipher, eq(membershipApplications.idNumberHash, idNumberLookup(cipher, idText.trim().toUpperCase())), '没有该身份证号的入会申请')
  }
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
