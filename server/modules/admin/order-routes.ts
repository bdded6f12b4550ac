import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type { RegionTreeResponse } from '../../../contract'
import type { AdminPackingSlips } from '../../../contract/admin'
import { chinaDateTime, chinaToday } from '../../../contract/china-time'
import { AppError } from '../../core/envelope'
import { paged } from '../../core/paging'
import { idParam, intParam, multiline, optional, text } from '../../core/validate'
import { REGIONS } from '../../data/regions'
import { ORDER_STATUSES, REFUND_STATUSES } from '../../db/schema'
import { imageViewer } from '../file/private'
import { MAX_AMOUNT_FEN } from '../payment/service'
import { receiverFields, regionOf } from '../shop/addresses'
import {
  changeOrderAddress,
  changeOrderPrice,
  closeUnpaid,
  setMerchantRemark,
  shipOrder
} from '../shop/order-lifecycle'
import { maskedReceiver, orderAddress } from '../shop/receiver-store'
import { dayParam } from './audit-routes'
import { parseCsv, toCsv } from './csv'
import { exportOrders, listOrders, orderDetail, orderRowById, orderSnapshot, packingSlips } from './order-queries'
import {
  batchShip,
  expressFields,
  moreParcelsField,
  parcelsFor,
  SHIP_LABELS,
  shipAudit,
  shippingRoutes
} from './order-shipping'
import { adminPaging, adminRoute } from './route'

const filterFields = {
  status: optional(z.enum(ORDER_STATUSES)),
  refund_status: optional(z.enum(REFUND_STATUSES)),
  order_no: optional(text(32)),
  user: optional(text(32)),
  keyword: optional(text(32)),
  date_from: optional(dayParam),
  date_to: optional(dayParam)
}

export const versionField = z.string().datetime({ message: '记录版本不正确，请刷新后再试' })

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
      const { list, total } = await listOrders(app.db, app.services.dataCipher, input, input.page, input.per_page)
      return paged(list, total, input.page, input.per_page)
    }
  )

  adminRoute(
    app,
    { method: 'GET', path: '/order/detail', input: z.object({ order_id: idParam() }), permission: 'order.view' },
    async ({ input }) =>
      orderDetail(app.db, app.services.dataCipher, input.order_id, app.config.publicUrl, imageViewer(app))
  )

  adminRoute(
    app,
    { method: 'GET', path: '/order/export', input: z.object(filterFields), permission: 'order.view' },
    async ({ input, reply }) => {
      const rows = await exportOrders(app.db, app.services.dataCipher, input, EXPORT_LIMIT)
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
      input: z.object({
        order_id: idParam(),
        updated_at: versionField,
        ...expressFields,
        more_parcels: optional(moreParcelsField)
      }),
      labels: SHIP_LABELS,
      permission: 'order.ship'
    },
    async ({ input, audit }) => {
      const order = await orderRowById(app.db, input.order_id)
      const parcels = await parcelsFor(app, [input, ...(input.more_parcels ?? [])])
      await shipOrder(app.db, app.services.notify, order.orderNo, parcels, {
        updatedAt: input.updated_at,
        inTx: shipAudit(audit, parcels)
      })
      // WeChat hears of it after the shipment is stored (a mini-program payment's 发货信息录入).
      app.services.shipping.kick()
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

  // The region tree of the app's address form, for the address edit below.
  adminRoute(
    app,
    { method: 'GET', path: '/order/regions', input: z.object({}), permission: 'order.ship' },
    async (): Promise<RegionTreeResponse> => ({ list: REGIONS, version: '' })
  )

  adminRoute(
    app,
    {
      method: 'POST',
      path: '/order/remark',
      input: z.object({ order_id: idParam(), updated_at: versionField, merchant_remark: multiline(200) }),
      labels: { merchant_remark: '商家备注' },
      permission: 'order.ship'
    },
    async ({ input, audit }) => {
      const order = await orderRowById(app.db, input.order_id)
      await setMerchantRemark(app.db, order.orderNo, input.merchant_remark, {
        updatedAt: input.updated_at,
        inTx: (tx, before) =>
          audit(
            {
              action: 'order.remark',
              targetType: 'order',
              targetId: before.orderNo,
              before: orderSnapshot(before),
              after: { ...orderSnapshot(before), merchant_remark: input.merchant_remark }
            },
            tx
          )
      })
      return {}
    }
  )

  adminRoute(
    app,
    {
      method: 'POST',
      path: '/order/address',
      input: z.object({ order_id: idParam(), updated_at: versionField, ...receiverFields }),
      permission: 'order.ship'
    },
    async ({ input, audit }) => {
      const order = await orderRowById(app.db, input.order_id)
      const region = regionOf(input)
      const address = {
        name: input.name,
        mobile: input.mobile,
        province: region.province,
        city: region.city,
        district: region.district,
        detail: input.detail
      }
      await changeOrderAddress(app.db, app.services.dataCipher, order.orderNo, address, {
        updatedAt: input.updated_at,
        inTx: (tx, before) =>
          audit(
            {
              action: 'order.address',
              targetType: 'order',
              targetId: before.orderNo,
              before: {
                ...orderSnapshot(before),
                receiver: maskedReceiver(orderAddress(app.services.dataCipher, before))
              },
              after: {
                ...orderSnapshot(before),
                address: { province: region.province, city: region.city, district: region.district },
                receiver: maskedReceiver(address)
              }
            },
            tx
          )
      })
      return {}
    }
  )

  adminRoute(
    app,
    {
      method: 'POST',
      path: '/order/changePrice',
      input: z.object({
        order_id: idParam(),
        updated_at: versionField,
        pay_amount: intParam(1, MAX_AMOUNT_FEN),
        reason: multiline(100)
      }),
      labels: { pay_amount: '应付金额', reason: '改价原因' },
      permission: 'order.ship'
    },
    async ({ input, audit }) => {
      const order = await orderRowById(app.db, input.order_id)
      await changeOrderPrice(app.db, order.orderNo, input.pay_amount, input.reason, {
        updatedAt: input.updated_at,
        inTx: (tx, before) =>
          audit(
            {
              action: 'order.price',
              targetType: 'order',
              targetId: before.orderNo,
              before: { pay_amount: before.payAmount },
              after: { pay_amount: input.pay_amount, reason: input.reason }
            },
            tx
          )
      })
      return {}
    }
  )

  adminRoute(
    app,
    {
      method: 'GET',
      path: '/order/slips',
      input: z.object({
        ids: text(600, 1).refine((v) => /^\d+(,\d+){0,49}$/.test(v), { message: '请选择 1 到 50 个订单' })
      }),
      labels: { ids: '订单' },
      permission: 'order.ship'
    },
    async ({ input }): Promise<AdminPackingSlips> => ({
      list: await packingSlips(app.db, app.services.dataCipher, [...new Set(input.ids.split(',').map(Number))])
    })
  )

  // Each order ships on its own: a bad line is reported and the other orders still ship.
  adminRoute(
    app,
    {
      method: 'POST',
      path: '/order/batchShip',
      input: z.object({ csv: multiline(100_000, 1) }),
      permission: 'order.ship'
    },
    async ({ input, audit }) => {
      const rows = parseCsv(input.csv).filter((r) => !/订单号|order/i.test(r.fields[0]))
      // Text with no comma-separated line at all is not a shipping list (a wrong file, pasted prose).
      if (!rows.some((r) => r.fields.length > 1))
        throw new AppError('没有可发货的行：每行应为 订单号,快递公司,快递单号')
      if (rows.length > BATCH_SHIP_MAX) throw new AppError(`一次最多批量发货 ${BATCH_SHIP_MAX} 行`)
      return batchShip(app, rows, audit)
    }
  )

  shippingRoutes(app)
}
