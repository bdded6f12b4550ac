/**
 * Operator: the after-sale applications of shop orders (see scripts/lib/operator.ts for the database).
 *   npx tsx scripts/refund-order.ts list
 *   npx tsx scripts/refund-order.ts approve <order_no> [reply]     refunds through the payment service
 *   npx tsx scripts/refund-order.ts reject <order_no> <reply>
 * The whole app is built (not listening) so every module's refund handler runs, as in the server.
 */
import { asc, eq } from 'drizzle-orm'
import { buildApp } from '../server/app'
import { shopOrders } from '../server/db/schema'
import { resolveRefund } from '../server/modules/shop/order-lifecycle'
import { runOperator, UsageError } from './lib/operator'

const USAGE = '用法: npx tsx scripts/refund-order.ts list | approve <订单号> [回复] | reject <订单号> <回复>'
const yuan = (fen: number) => (fen / 100).toFixed(2)

runOperator(async ({ database, config, args: [command, orderNo, ...words] }) => {
  const reply = words.join(' ').trim()
  if (command === 'list') {
    const rows = await database.db.select().from(shopOrders).where(eq(shopOrders.refundStatus, 'applied')).orderBy(asc(shopOrders.refundAppliedAt))
    if (!rows.length) console.log('没有待处理的退款申请')
    for (const o of rows) console.log(`${o.orderNo}  实付 ¥${yuan(o.payAmount)}  ${o.status === 'to_ship' ? '未发货' : '已发货'}  原因：${o.refundReason}  ${o.refundAppliedAt?.toISOString() ?? ''}`)
    return
  }
  if (!((command === 'approve' || command === 'reject') && orderNo) || (command === 'reject' && !reply)) throw new UsageError(USAGE)
  const app = await buildApp({ database, config })
  await app.ready()
  try {
    await resolveRefund(database.db, app.services.payments, orderNo, { approve: command === 'approve', reply })
    console.log(command === 'approve' ? `已退款: ${orderNo}` : `已拒绝退款: ${orderNo}`)
  } finally {
    await app.close()
  }
})
