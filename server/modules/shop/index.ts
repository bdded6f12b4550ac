import type { FastifyInstance } from 'fastify'

import { scheduleSweep } from '../../core/sweep'
import addressRoutes from './addresses'
import afterSaleRoutes from './after-sale-routes'
import { afterSaleOfRefund, finishAfterSale, openAfterSaleOf } from './after-sales'
import { autoReceive } from './auto-receive'
import cartRoutes from './cart'
import catalogRoutes from './catalog'
import checkoutRoutes from './checkout'
import { AUTO_RECEIVE_SWEEP_MS, SWEEP_INTERVAL_MS } from './constants'
import couponRoutes from './coupons'
import favoriteRoutes from './favorites'
import { confirmReceipt, markOrderPaid, noteReturnedPayment, sweepExpired } from './order-lifecycle'
import orderRoutes from './orders'
import regionRoutes from './regions'

/** The shop: catalog, favorites, cart, checkout, orders, coupons, addresses and regions. */
export default async function shopModule(app: FastifyInstance): Promise<void> {
  const { notify } = app.services
  app.services.payments.onPaid('goods', (tx, payment) => markOrderPaid(tx, payment, notify))
  // An after-sale completes in the transaction of its refund, at once or on the platform's notice.
  app.services.payments.onRefundSucceeded(async (tx, payment, refund) => {
    const id = payment.bizType === 'goods' ? afterSaleOfRefund(refund.requestKey) : undefined
    if (id) await finishAfterSale(tx, notify, id)
  })
  // A payment refunded in full whose refund had no after-sale's key: an application made before after-sales had
  // their own, completed now; or money that came after a cancel and went back, noted on the cancelled order.
  app.services.payments.onRefunded(async (tx, payment) => {
    if (payment.bizType !== 'goods') return
    const open = await openAfterSaleOf(tx, payment.bizId)
    if (open) await finishAfterSale(tx, notify, open.id)
    else await noteReturnedPayment(tx, notify, payment)
  })

  // WeChat's settlement push: the buyer confirmed receipt in WeChat (or WeChat did after its deadline).
  app.services.shipping.onReceiptConfirmed(async (tx, payment) => {
    if (payment.bizType === 'goods') await confirmReceipt(tx, payment.bizId, payment.userId)
  })

  await app.register(catalogRoutes)
  await app.register(favoriteRoutes)
  await app.register(cartRoutes)
  await app.register(checkoutRoutes)
  await app.register(orderRoutes)
  await app.register(afterSaleRoutes)
  await app.register(couponRoutes)
  await app.register(addressRoutes)
  await app.register(regionRoutes)

  // Unpaid orders past their deadline are cancelled at start-up and then every minute.
  scheduleSweep(app, 'shop: cancelling overdue orders', SWEEP_INTERVAL_MS, () => sweepExpired(app.db))
  scheduleSweep(app, 'shop: confirming receipt of long-shipped orders', AUTO_RECEIVE_SWEEP_MS, () =>
    autoReceive(app.db)
  )
}
