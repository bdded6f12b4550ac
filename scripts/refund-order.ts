/**
 * Operator: the after-sale applications of shop orders.
 *   npx tsx scripts/refund-order.ts list
 *   npx tsx scripts/refund-order.ts approve <order_no> [reply]     refunds through the payment service
 *   npx tsx scripts/refund-order.ts reject <order_no> <reply>
 * Uses the same configuration as the server (DATA_DIR or DATABASE_URL). The embedded database is
 * held by a running server, so stop it first, or run against PostgreSQL (DATABASE_URL).
 * The whole app is built (not listening) so every module's refund handler runs, as in the server.
 */
import { asc, eq } from 'drizzle-orm'
import { buildApp } from '../server/app'
import { loadConfig } from '../server/config'
import { AppError } from '../server/core/envelope'
import { openDatabase } from '../server/db/database'
import { DataDirLockedError } from '../server/db/lock'
import { runMigrations } from '../server/db/migrate'
import { shopOrders } from '../server/db/schema'
import { resolveRefund } from '../server/modules/shop/order-lifecycle'

const USAGE = '用法: npx tsx scripts/refund-order.ts list | approve <订单号> [回复] | reject <订单号> <回复>'
const yuan = (fen: number) => (fen / 100).toFixed(2)

async function main(args: string[]): Promise<number> {
  const [command, orderNo, ...words] = args
  const reply = words.join(' ').trim()
  if (!(command === 'list' || ((command === 'approve' || command === 'reject') && orderNo)) || (command === 'reject' && !reply)) {
    console.error(USAGE)
    return 2
  }
  const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' })
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
    if (command === 'list') {
      const rows = await database.db.select().from(shopOrders).where(eq(shopOrders.refundStatus, 'applied')).orderBy(asc(shopOrders.refundAppliedAt))
      if (!rows.length) console.log('没有待处理的退款申请')
      for (const o of rows) console.log(`${o.orderNo}  实付 ¥${yuan(o.payAmount)}  ${o.status === 'to_ship' ? '未发货' : '已发货'}  原因：${o.refundReason}  ${o.refundAppliedAt?.toISOString() ?? ''}`)
      return 0
    }
    const app = await buildApp({ database, config })
    await app.ready()
    try {
      await resolveRefund(database.db, app.services.payments, orderNo, { approve: command === 'approve', reply })
      console.log(command === 'approve' ? `已退款: ${orderNo}` : `已拒绝退款: ${orderNo}`)
      return 0
    } finally {
      await app.close()
    }
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

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e) => {
    console.error(e)
    process.exit(1)
  }
)
