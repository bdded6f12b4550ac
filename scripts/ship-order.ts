/**
 * Operator: ships a paid shop order.
 *   npx tsx scripts/ship-order.ts <order_no> [express_company] [express_no]
 * Uses the same configuration as the server (DATA_DIR or DATABASE_URL). The embedded database is
 * held by a running server, so stop it first, or run against PostgreSQL (DATABASE_URL).
 */
import crypto from 'node:crypto'
import { loadConfig } from '../server/config'
import { AppError } from '../server/core/envelope'
import { openDatabase } from '../server/db/database'
import { DataDirLockedError } from '../server/db/lock'
import { runMigrations } from '../server/db/migrate'
import { shipOrder } from '../server/modules/shop/order-lifecycle'

async function main(): Promise<number> {
  const [orderNo, company = '顺丰速运', expressNo = `SF${String(crypto.randomInt(0, 1e12)).padStart(12, '0')}`] = process.argv.slice(2)
  if (!orderNo) {
    console.error('用法: npx tsx scripts/ship-order.ts <订单号> [快递公司] [快递单号]')
    return 2
  }
  const config = loadConfig()
  let database
  try {
    database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl })
  } catch (e) {
    if (e instanceof DataDirLockedError) {
      console.error(`${e.message}\n请先停止服务器，或设置 DATABASE_URL 使用 PostgreSQL。`)
      return 2
    }
    throw e
  }
  try {
    await runMigrations(database)
    await shipOrder(database.db, orderNo, { company, no: expressNo })
    console.log(`已发货: ${orderNo} ${company} ${expressNo}`)
    return 0
  } catch (e) {
    if (e instanceof AppError) {
      console.error(e.message)
      return 1
    }
    throw e
  } finally {
    await database.close()
  }
}

main().then(
  (code) => process.exit(code),
  (e) => {
    console.error(e)
    process.exit(1)
  }
)
