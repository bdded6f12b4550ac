import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type { AdminBatchShipResult } from '../../../contract/admin'
import { chinaDateTime, chinaToday } from '../../../contract/china-time'
import { AppError } from '../../core/envelope'
import { paged } from '../../core/paging'
import { idParam, optional, text } from '../../core/validate'
import type { Tx } from '../../db/database'
import { ORDER_STATUSES, REFUND_STATUSES } from '../../db/schema'
import { closeUnpaid, shipOrder } from '../shop/order-lifecycle'
import { dayParam } from './audit-routes'
import { parseCsv, toCsv } from './csv'
import { exportOrders, listOrders, orderDetail, orderRowById, orderSnapshot } from './order-queries'
import { type AdminContext, adminPaging, adminRoute } from './route'

const filterFields = {
  status: optional(z.enum(ORDER_STATUSES)),
  refund_status: optional(z.enum(REFUND_STATUSES)),
  order_no: optional(text(32)),
  user: optional(text(32)),
  date_from: optional(dayParam),
  date_to: optional(dayParam)
}

export const versionField = z.string().datetime({ message: '记录版本不正确，请刷新后再试' })
const expressFields = {
  express_company: text(32, 1),
  express_no: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{4,40}$/, '快递单号应为 4-40 位字母或数字')
}

const STATUS_TEXT: Record<string, string> = {
  to_pay: '待付款',
  to_ship: '待发货',
  to_receive: '已发货',
  done: '已完成',
  cancelled: '已取消',
  refunded: '已退款'
}
const REFUND_TEXT: Record<string, string> = {
  none: '',
  applied: '退款申请中',
  rejected: '退款被拒绝',
  refunded: '已退款'
}
const EXPORT_LIMIT = 10_000
export const BATCH_SHIP_MAX = 500

/** The audit row of a shipment, written in its transaction. */
function shipAudit(audit: AdminContext<unknown>['audit'], company: string, no: string) {
  return (tx: Tx, before: Parameters<typeof orderSnapshot>[0]) =>
    audit(
      {
        action: 'order.ship',
        targetType: 'order',
        targetId: before.orderNo,
        before: orderSnapshot(before),
        after: { ...orderSnapshot(before), status: 'to_receive', express_company: company, express_no: no }
      },
      tx
    )
}

export default async function orderRoutes(app: FastifyInstance): Promise<void> {
  adminRoute(
    app,
    {
      method: 'GET',
      path: '/order/lists',
      input: z.object({ ...adminPaging, ...filterFields }),
      permission: 'order.view'
    },
    async ({ input }) => {
      const { list, total } = await listOrders(app.db, input, input.page, input.per_page)
      return paged(list, total, input.page, input.per_page)
    }
  )

  adminRoute(
    app,
    { method: 'GET', path: '/order/detail', input: z.object({ order_id: idParam() }), permission: 'order.view' },
    async ({ input }) => orderDetail(app.db, input.order_id, app.config.publicUrl)
  )

  adminRoute(
    app,
    { method: 'GET', path: '/order/export', input: z.object(filterFields), permission: 'order.view' },
    async ({ input, reply }) => {
      const rows = await exportOrders(app.db, input, EXPORT_LIMIT)
      const csv = toCsv(
        [
          '订单号',
          '下单时间',
          '用户ID',
          '昵称',
          '手机号',
          '商品',
          '件数',
          '实付(元)',
          '状态',
          '售后',
          '收货人',
          '快递公司',
          '快递单号'
        ],
        rows.map((o) => [
          o.order_no,
          chinaDateTime(new Date(o.created_at)),
          o.user_id,
          o.nickname,
          o.mobile,
          o.goods_summary,
          o.quantity,
          (o.pay_amount / 100).toFixed(2),
          STATUS_TEXT[o.status],
          REFUND_TEXT[o.refund_status],
          o.receiver,
          o.express_company,
          o.express_no
        ])
      )
      const day = chinaToday()
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${day}.csv"`)
        .send(csv)
    }
  )

  adminRoute(
    app,
    {
      method: 'POST',
      path: '/order/ship',
      input: z.object({ order_id: idParam(), updated_at: versionField, ...expressFields }),
      permission: 'order.ship'
    },
    async ({ input, audit }) => {
      const order = await orderRowById(app.db, input.order_id)
      await shipOrder(
        app.db,
        order.orderNo,
        { company: input.express_company, no: input.express_no },
        {
          updatedAt: input.updated_at,
          inTx: shipAudit(audit, input.express_company, input.express_no)
        }
      )
      return {}
    }
  )

  adminRoute(
    app,
    {
      method: 'POST',
      path: '/order/close',
      input: z.object({ order_id: idParam(), updated_at: versionField }),
      permission: 'order.close'
    },
    async ({ input, audit }) => {
      const order = await orderRowById(app.db, input.order_id)
      await closeUnpaid(app.db, order.orderNo, {
        updatedAt: input.updated_at,
        inTx: (tx, before) =>
          audit(
            {
              action: 'order.close',
              targetType: 'order',
              targetId: before.orderNo,
              before: orderSnapshot(before),
              after: { ...orderSnapshot(before), status: 'cancelled' }
            },
            tx
          )
      })
      return {}
    }
  )

  // Each line ships on its own: a bad line is reported and the others still ship.
  adminRoute(
    app,
    { method: 'POST', path: '/order/batchShip', input: z.object({ csv: text(100_000, 1) }), permission: 'order.ship' },
    async ({ input, audit }) => {
      const rows = parseCsv(input.csv).filter((r) => !/订单号|order/i.test(r.fields[0]))
      // Text with no comma-separated line at all is not a shipping list (a wrong file, pasted prose).
      if (!rows.some((r) => r.fields.length > 1))
        throw new AppError('没有可发货的行：每行应为 订单号,快递公司,快递单号')
      if (rows.length > BATCH_SHIP_MAX) throw new AppError(`一次最多批量发货 ${BATCH_SHIP_MAX} 单`)
      const result: AdminBatchShipResult = { shipped: 0, failed: [] }
      for (const { line, fields } of rows) {
        const [orderNo = '', company = '', no = ''] = fields
        const parsed = z.object(expressFields).safeParse({ express_company: company, express_no: no })
        if (!parsed.success) {
          result.failed.push({
            line,
            order_no: orderNo,
            reason: company ? '快递单号应为 4-40 位字母或数字' : '缺少快递公司'
          })
          continue
        }
        try {
          await shipOrder(
            app.db,
            orderNo,
            { company, no },
            {
              inTx: shipAudit(audit, company, no)
            }
          )
          result.shipped++
        } catch (e) {
          if (!(e instanceof AppError)) throw e
          result.failed.push({ line, order_no: orderNo, reason: e.message })
        }
      }
      return result
    }
  )
}
