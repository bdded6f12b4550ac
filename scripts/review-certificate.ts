// The operator's review of certificate registrations, against the server's database (DATABASE_URL, or
// the embedded one in DATA_DIR — that folder is locked by a running server: stop it first, or use PostgreSQL).
//   npx tsx scripts/review-certificate.ts list
//   npx tsx scripts/review-certificate.ts approve <id>
//   npx tsx scripts/review-certificate.ts reject <id> <reason>
//   npx tsx scripts/review-certificate.ts find <ID number>      (every registration under that ID number)
import { asc, eq, type SQL } from 'drizzle-orm'
import { loadDataCipher, type DataCipher } from '../server/core/data-key'
import type { Db } from '../server/db/database'
import { certificateApplications, certificates } from '../server/db/schema'
import { idNumberLookup, maskedIdNumber } from '../server/modules/certificate/id-number-store'
import { reviewCertificateApplication } from '../server/modules/certificate/review'
import { idArg, runOperator, UsageError } from './lib/operator'

const USAGE = 'usage: review-certificate.ts list | approve <id> | reject <id> <reason> | find <身份证号>'

async function listWhere(db: Db, cipher: DataCipher, where: SQL, empty: string): Promise<void> {
  const rows = await db
    .select({ a: certificateApplications, title: certificates.title })
    .from(certificateApplications)
    .innerJoin(certificates, eq(certificates.id, certificateApplications.certificateId))
    .where(where)
    .orderBy(asc(certificateApplications.createdAt))
  if (!rows.length) console.log(empty)
  for (const { a, title } of rows) {
    console.log(`#${a.id}  ${title}  ${a.status}  ${a.name} ${maskedIdNumber(cipher, a.idNumber)} ${a.mobile} ${a.education}  照片 ${a.photoUrl}  ${a.createdAt.toISOString()}`)
  }
}

runOperator(async ({ database: { db }, config, args: [command, idText, ...reasonWords] }) => {
  const cipher = loadDataCipher(config)
  if (command === 'list') return await listWhere(db, cipher, eq(certificateApplications.status, 'reviewing'), '没有待审核的证书报名')
  if (command === 'find') {
    if (!idText) throw new UsageError(USAGE)
    return await listWhere(db, cipher, eq(certificateApplications.idNumberHash, idNumberLookup(cipher, idText.trim().toUpperCase())), '没有该身份证号的证书报名')
  }
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
