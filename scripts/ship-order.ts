/**
 * Operator: ships a paid shop order (see scripts/lib/operator.ts for the database).
 *   npx tsx scripts/ship-order.ts <order_no> [express_company] [express_no]
 */
import crypto from 'node:crypto'
import { shipOrder } from '../server/modules/shop/order-lifecycle'
import { runOperator, UsageError } from './lib/operator'

runOperator(async ({ database, args }) => {
  const [orderNo, company = '顺丰速运', expressNo = `SF${String(crypto.randomInt(0, 1e12)).padStart(12, '0')}`] = args
  if (!orderNo) throw new UsageError('用法: npx tsx scripts/ship-order.ts <订单号> [快递公司] [快递单号]')
  await shipOrder(database.db, orderNo, { company, no: expressNo })
  console.log(`已发货: ${orderNo} ${company} ${expressNo}`)
})
