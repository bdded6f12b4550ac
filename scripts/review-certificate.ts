// The operator's review of certificate registrations, against the server's database (DATABASE_URL, or
// the embedded one in DATA_DIR — that folder is locked by a running server: stop it first, or use PostgreSQL).
//   npx tsx scripts/review-certificate.ts list
//   npx tsx scripts/review-certificate.ts approve <id>
//   npx tsx scripts/review-certificate.ts reject <id> <reason>
import { asc, eq } from 'drizzle-orm'
import { loadConfig } from '../server/config'
import { openDatabase, type Db } from '../server/db/database'
import { runMigrations } from '../server/db/migrate'
import { certificateApplications, certificates } from '../server/db/schema'
import { reviewCertificateApplication } from '../server/modules/certificate/review'
import { maskIdNumber } from '../src/components/certificate/id-number'

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

async function run(args: string[]): Promise<void> {
  const [command, idText, ...reasonWords] = args
  const id = Number(idText)
  if (command !== 'list' && !(Number.isInteger(id) && id > 0)) throw new Error(USAGE)
  const config = loadConfig()
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl })
  try {
    await runMigrations(database)
    if (command === 'list') return await listReviewing(database.db)
    if (command === 'approve') {
      const row = await reviewCertificateApplication(database.db, id, { approve: true })
      return console.log(`#${row.id} 已通过，证书编号 ${row.certificateNo}`)
    }
    if (command === 'reject') {
      const row = await reviewCertificateApplication(database.db, id, { approve: false, note: reasonWords.join(' ') })
      return console.log(`#${row.id} 已驳回：${row.reviewNote}`)
    }
    throw new Error(USAGE)
  } finally {
    await database.close()
  }
}

run(process.argv.slice(2)).catch((e) => {
  console.error(e instanceof Error ? e.message : e)
  process.exit(1)
})
