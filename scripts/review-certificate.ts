// The operator's review of certificate registrations, against the server's database (DATABASE_URL, or
// the embedded one in DATA_DIR — that folder is locked by a running server: stop it first, or use PostgreSQL).
//   npx tsx scripts/review-certificate.ts list
//   npx tsx scripts/review-certificate.ts approve <id>
//   npx tsx scripts/review-certificate.ts reject <id> <reason>
import { asc, eq } from 'drizzle-orm'
import type { Db } from '../server/db/database'
import { certificateApplications, certificates } from '../server/db/schema'
import { reviewCertificateApplication } from '../server/modules/certificate/review'
import { maskIdNumber } from '../src/components/certificate/id-number'
import { idArg, runOperator, UsageError } from './lib/operator'

const USAGE = 'usage: review-certificate.ts list | approve <id> | reject <id> <reason>'

async function listReviewing(db: Db): Promise<void> {
  const rows = await db
    .select({ a: certificateApplications, title: certificates.title })
    .from(certificateApplications)
    .innerJoin(certificates, eq(certificates.id, certificateApplications.certificateId))
    .where(eq(certificateApplications.status, 'reviewing'))
    .orderBy(asc(certificateApplications.createdAt))
  if (!rows.length) console.log('没有待审核的证书报名')
  for (const { a, title } of rows) {
    console.log(`#${a.id}  ${title}  ${a.name} ${maskIdNumber(a.idNumber)} ${a.mobile} ${a.education}  照片 ${a.photoUrl}  ${a.createdAt.toISOString()}`)
  }
}

runOperator(async ({ database: { db }, args: [command, idText, ...reasonWords] }) => {
  if (command === 'list') return await listReviewing(db)
  const id = idArg(idText, USAGE)
  if (command === 'approve') {
    const row = await reviewCertificateApplication(db, id, { approve: true })
    return console.log(`#${row.id} 已通过，证书编号 ${row.certificateNo}`)
  }
  if (command === 'reject') {
    const row = await reviewCertificateApplication(db, id, { approve: false, note: reasonWords.join(' ') })
    return console.log(`#${row.id} 已驳回：${row.reviewNote}`)
  }
  throw new UsageError(USAGE)
})
