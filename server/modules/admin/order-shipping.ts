import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type { AdminBatchShipResult } from '../../../contract/admin'
import {
  type AdminCarriersResponse,
  type AdminWechatShippingRetryResponse,
  MAX_ORDER_PARCELS
} from '../../../contract/wechat-shipping'
import { AppError } from '../../core/envelope'
import { idParam, text } from '../../core/validate'
import type { Tx } from '../../db/database'
import { type ParcelInput, shipOrder } from '../shop/order-lifecycle'
import { matchCarrier } from '../wechat/delivery-companies'
import { adminShipping, shippingOfOrders } from '../wechat/shipping-queries'
import type { DeliveryCompany } from '../wechat/wechat-shipping'
import type { parseCsv } from './csv'
import { orderRowById, orderSnapshot } from './order-queries'
import { type AdminContext, adminRoute } from './route'

export const MSG_EXPRESS_NO = '快递单号应为 4-40 位字母或数字'
export const expressFields = {
  express_company: text(32, 1),
  express_no: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{4,40}$/, MSG_EXPRESS_NO)
}
/** After the first parcel (express_company, express_no), the others of a split shipment. */
export const moreParcelsField = z.array(z.object(expressFields)).max(MAX_ORDER_PARCELS - 1)
export const SHIP_LABELS = { more_parcels: '其他包裹', express_company: '快递公司', express_no: '快递单号' }

const unknownCarrier = (name: string) => `快递公司「${name}」不在微信支持的快递公司中，请从列表中选择`

/**
 * The operator's carrier as WeChat knows it (its name and code); refused when WeChat's list does not
 * have it. While WeChat's list is out of reach a carrier is taken as written: shipping never waits for
 * WeChat, and the upload finds the code once the list is back.
 */
function carrierOf(company: string, carriers: DeliveryCompany[]): ParcelInput | string {
  if (!carriers.length) return { company, no: '' }
  const c = matchCarrier(company, carriers)
  return c ? { company: c.deliveryName, deliveryId: c.deliveryId, no: '' } : unknownCarrier(company)
}

export async function parcelsFor(
  app: FastifyInstance,
  given: { express_company: string; express_no: string }[]
): Promise<ParcelInput[]> {
  const carriers = await app.services.shipping.carriers()
  return given.map((p) => {
    const c = carrierOf(p.express_company, carriers)
    if (typeof c === 'string') throw new AppError(c)
    return { ...c, no: p.express_no }
  })
}

/** The audit row of a shipment, written in its transaction. */
export function shipAudit(audit: AdminContext<unknown>['audit'], parcels: ParcelInput[]) {
  return (tx: Tx, before: Parameters<typeof orderSnapshot>[0]) =>
    audit(
      {
        action: 'order.ship',
        targetType: 'order',
        targetId: before.orderNo,
        before: orderSnapshot(before),
        after: {
          ...orderSnapshot(before),
          status: 'to_receive',
          express_company: parcels[0].company,
          express_no: parcels[0].no,
          ...(parcels.length > 1 ? { parcels: parcels.map((p) => `${p.company} ${p.no}`) } : {})
        }
      },
      tx
    )
}

interface OrderLines {
  lines: number[]
  parcels: ParcelInput[]
  bad: boolean
}

/**
 * 批量发货: each line `订单号,快递公司,快递单号`; the lines of one order number are its parcels. A bad line is
 * reported by its number (a carrier WeChat does not know among them) and leaves its order unshipped; the
 * other orders ship.
 */
export async function batchShip(
  app: FastifyInstance,
  rows: ReturnType<typeof parseCsv>,
  audit: AdminContext<unknown>['audit']
): Promise<AdminBatchShipResult> {
  const carriers = await app.services.shipping.carriers()
  const result: AdminBatchShipResult = { shipped: 0, failed: [] }
  const orders = new Map<string, OrderLines>()
  for (const { line, fields } of rows) {
    const [orderNo = '', company = '', no = ''] = fields.map((f) => f.trim())
    const order = orders.get(orderNo) ?? { lines: [], parcels: [], bad: false }
    orders.set(orderNo, order)
    order.lines.push(line)
    const parsed = z.object(expressFields).safeParse({ express_company: company, express_no: no })
    const carrier = parsed.success ? carrierOf(company, carriers) : company ? MSG_EXPRESS_NO : '缺少快递公司'
    if (typeof carrier === 'string') {
      result.failed.push({ line, order_no: orderNo, reason: carrier })
      order.bad = true
    } else order.parcels.push({ ...carrier, no: parsed.data!.express_no })
  }
  for (const [orderNo, order] of orders) {
    const refuse = (reason: string, lines = order.lines) =>
      lines.forEach((line) => result.failed.push({ line, order_no: orderNo, reason }))
    const failedLines = new Set(result.failed.map((f) => f.line))
    if (order.bad) {
      refuse(
        '同一订单的其他行有误，该订单未发货',
        order.lines.filter((l) => !failedLines.has(l))
      )
      continue
    }
    if (order.parcels.length > MAX_ORDER_PARCELS) {
      refuse(`一个订单最多 ${MAX_ORDER_PARCELS} 个包裹`)
      continue
    }
    try {
      await shipOrder(app.db, app.services.notify, orderNo, order.parcels, { inTx: shipAudit(audit, order.parcels) })
      result.shipped++
    } catch (e) {
      if (!(e instanceof AppError)) throw e
      refuse(e.message)
    }
  }
  result.failed.sort((a, b) => a.line - b.line)
  if (result.shipped) app.services.shipping.kick()
  return result
}

/** WeChat's carriers for the ship form, and 重新上传 of an order's shipping info. */
export function shippingRoutes(app: FastifyInstance): void {
  adminRoute(
    app,
    { method: 'GET', path: '/order/carriers', input: z.object({}), permission: 'order.ship' },
    async (): Promise<AdminCarriersResponse> => ({
      list: (await app.services.shipping.carriers()).map((c) => ({
        delivery_id: c.deliveryId,
        delivery_name: c.deliveryName
      }))
    })
  )

  adminRoute(
    app,
    {
      method: 'POST',
      path: '/order/wechatShippingRetry',
      input: z.object({ order_id: idParam() }),
      permission: 'order.ship'
    },
    async ({ input, audit }): Promise<AdminWechatShippingRetryResponse> => {
      const order = await orderRowById(app.db, input.order_id)
      const before = (await shippingOfOrders(app.db, [input.order_id])).get(input.order_id)
      await app.services.shipping.retry(input.order_id)
      const after = (await shippingOfOrders(app.db, [input.order_id])).get(input.order_id)!
      await audit({
        action: 'order.wechatShippingRetry',
        targetType: 'order',
        targetId: order.orderNo,
        before: before && adminShipping(before.row),
        after: adminShipping(after.row)
      })
      return adminShipping(after.row)
    }
  )
}
