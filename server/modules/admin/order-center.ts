import { and, asc, count, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type { AdminSaleDetail, AdminSaleItem, AdminSaleStatus } from '../../../contract/admin'
import { DAY_MS } from '../../../contract/china-time'
import type { DataCipher } from '../../core/data-key'
import { AppError } from '../../core/envelope'
import { paged } from '../../core/paging'
import { mobileLookup, openMobile } from '../../core/sealed-columns'
import { idParam, multiline, optional, text } from '../../core/validate'
import type { Db } from '../../db/database'
import {
  activities,
  activitySignups,
  baziReports,
  certificateApplications,
  certificates,
  consultServices,
  courseOrders,
  courses,
  membershipApplications,
  PAYMENT_BIZ_TYPES,
  type PaymentBizType,
  paymentRefunds,
  payments,
  serviceOrders,
  shopOrderItems,
  shopOrders,
  teachers,
  users
} from '../../db/schema'
import { courseRefundCheck, refundCourse } from '../course/refund'
import { orderAddress, receiverNameLookup } from '../shop/receiver-store'
import { dayParam } from './audit-routes'
import { chinaDate, userMatch } from './order-queries'
import { adminPaging, adminRoute } from './route'

// 全部订单: every sale is one row of `payments` (whatever the business type), so the list pages over that one
// table, newest first, and every filter is a condition on it or an IN over a small, indexed lookup; the joins
// (users, the shop order's number) touch only the page's rows.

export const SALE_STATUSES = ['created', 'paid', 'partial', 'closed', 'refunded'] as const

export interface SaleFilter {
  biz_type?: PaymentBizType
  status?: AdminSaleStatus
  order_no?: string
  user?: string
  user_id?: number
  keyword?: string
  date_from?: string
  date_to?: string
}

/** A LIKE pattern finding `t` anywhere, its own % and _ taken literally. */
export const likeText = (t: string) => `%${t.replace(/[\\%_]/g, (c) => '\\' + c)}%`

const refundedBack = (status: 'succeeded') =>
  sql`select 1 from ${paymentRefunds} where ${paymentRefunds.paymentId} = ${payments.id}
    and ${paymentRefunds.status} = ${status}`

function statusMatch(s: AdminSaleStatus): SQL | undefined {
  if (s === 'partial') return and(eq(payments.status, 'paid'), sql`exists (${refundedBack('succeeded')})`)
  if (s === 'paid') return and(eq(payments.status, 'paid'), sql`not exists (${refundedBack('succeeded')})`)
  return eq(payments.status, s)
}

/**
 * An order number as an operator pastes it: ours (商户订单号), a shop order's, or WeChat's (微信订单号). A union of
 * three indexed look-ups, so the planner never scans payments for an OR of them.
 */
function orderNoMatch(raw: string): SQL {
  const t = raw.trim()
  return inArray(
    payments.id,
    sql`(select ${payments.id} from ${payments} where ${payments.outTradeNo} = ${t}
      union select ${payments.id} from ${payments} where ${payments.providerTxnId} = ${t}
      union select ${payments.id} from ${payments} where ${payments.bizType} = 'goods' and ${payments.bizId} in
        (select ${shopOrders.id} from ${shopOrders} where ${shopOrders.orderNo} = ${t}))`
  )
}

/** Chinese has no case: a pattern without Latin letters is matched with LIKE, which spares lowering every row. */
const textLike = (column: unknown, pattern: string) =>
  /[a-z]/i.test(pattern) ? sql`${column} ilike ${pattern}` : sql`${column} like ${pattern}`

/**
 * The sales a customer's words point at: a mobile number is a shop order's receiver phone; other text the name of
 * what was bought (every payment's description names it: 课程：…, 活动报名：…), a shop order's goods or its
 * receiver's whole name (receivers are sealed: found by their keyed hashes). The shop's matches are joined to their
 * payments by the (biz_type, biz_id) index.
 */
export function keywordIds(raw: string, cipher: DataCipher): SQL {
  const t = raw.trim()
  const pattern = likeText(t)
  const goodsPayments = (orders: SQL) =>
    sql`select ${payments.id} from ${payments} where ${payments.bizType} = 'goods' and ${payments.bizId} in (${orders})`
  if (/^1[3-9]\d{9}$/.test(t))
    return goodsPayments(
      sql`select ${shopOrders.id} from ${shopOrders}
          where ${shopOrders.receiverMobileHash} = ${mobileLookup(cipher, t)}`
    )
  const receiver = eq(shopOrders.receiverNameHash, receiverNameLookup(cipher, t))
  const orders = sql`select ${shopOrders.id} from ${shopOrders} where ${receiver}
    union select ${shopOrderItems.orderId} from ${shopOrderItems} where ${textLike(shopOrderItems.name, pattern)}`
  return sql`select ${payments.id} from ${payments} where ${textLike(payments.description, pattern)}
    union ${goodsPayments(orders)}`
}

/** Past this many matches a search stays a subquery rather than a list of ids. */
const KEYWORD_IDS_MAX = 5000

export function saleWhere(f: SaleFilter, cipher: DataCipher): SQL | undefined {
  return and(
    f.biz_type ? eq(payments.bizType, f.biz_type) : undefined,
    f.status ? statusMatch(f.status) : undefined,
    f.order_no ? orderNoMatch(f.order_no) : undefined,
    f.user_id ? eq(payments.userId, f.user_id) : undefined,
    f.user
      ? inArray(
          payments.userId,
          sql`(select ${users.id} from ${users} where ${userMatch(f.user, cipher) ?? sql`false`})`
        )
      : undefined,
    f.keyword?.trim() ? inArray(payments.id, sql`(${keywordIds(f.keyword, cipher)})`) : undefined,
    f.date_from ? gte(payments.paidAt, chinaDate(f.date_from)) : undefined,
    f.date_to ? lt(payments.paidAt, new Date(chinaDate(f.date_to).getTime() + DAY_MS)) : undefined
  )
}

type PaymentRow = typeof payments.$inferSelect
type Row = { p: PaymentRow; nickname: string; mobile: string | null; bizNo: string | null }

/** Refunded and refunding sums of some payments, by payment. */
async function refundSums(db: Db, ids: number[]): Promise<Map<number, { back: number; asked: number }>> {
  if (!ids.length) return new Map()
  const rows = await db
    .select({
      id: paymentRefunds.paymentId,
      back: sql<number>`coalesce(sum(${paymentRefunds.amountFen})
        filter (where ${paymentRefunds.status} = 'succeeded'), 0)::int`,
      asked: sql<number>`coalesce(sum(${paymentRefunds.amountFen})
        filter (where ${paymentRefunds.status} in ('pending', 'processing', 'abnormal')), 0)::int`
    })
    .from(paymentRefunds)
    .where(inArray(paymentRefunds.paymentId, ids))
    .groupBy(paymentRefunds.paymentId)
  return new Map(rows.map((r) => [r.id, { back: r.back, asked: r.asked }]))
}

function saleItem(r: Row, sums: Map<number, { back: number; asked: number }>, cipher: DataCipher): AdminSaleItem {
  const p = r.p
  const s = sums.get(p.id) ?? { back: 0, asked: 0 }
  return {
    payment_id: p.id,
    biz_type: p.bizType,
    biz_id: p.bizId,
    out_trade_no: p.outTradeNo,
    biz_no: r.bizNo ?? '',
    title: p.description,
    user_id: p.userId,
    nickname: r.nickname,
    mobile: openMobile(cipher, r.mobile),
    amount_fen: p.amountFen,
    refunded_fen: s.back,
    refunding_fen: s.asked,
    status: p.status === 'paid' && s.back > 0 ? 'partial' : p.status,
    provider: p.provider,
    provider_txn_id: p.providerTxnId ?? '',
    created_at: p.createdAt.toISOString(),
    paid_at: p.paidAt?.toISOString() ?? null
  }
}

const selection = { p: payments, nickname: users.nickname, mobile: users.mobile, bizNo: shopOrders.orderNo }

async function rowsOf(db: Db, where: SQL | undefined, limit: number, offset: number): Promise<Row[]> {
  return db
    .select(selection)
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .leftJoin(shopOrders, and(eq(payments.bizType, 'goods'), eq(shopOrders.id, payments.bizId)))
    .where(where)
    .orderBy(desc(payments.id))
    .limit(limit)
    .offset(offset)
}

/** One page of sales, newest first, with the filter's total. */
export async function listSales(
  db: Db,
  cipher: DataCipher,
  f: SaleFilter,
  page: number,
  perPage: number
): Promise<{ list: AdminSaleItem[]; total: number }> {
  // A text search scans names (no trigram index): run it once, and let the page and its count use the ids.
  let where = saleWhere({ ...f, keyword: undefined }, cipher)
  if (f.keyword?.trim()) {
    const found = await db.execute(sql`${keywordIds(f.keyword, cipher)} limit ${KEYWORD_IDS_MAX + 1}`)
    const ids = (found as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id))
    where = and(
      where,
      ids.length > KEYWORD_IDS_MAX
        ? inArray(payments.id, sql`(${keywordIds(f.keyword, cipher)})`)
        : ids.length
          ? inArray(payments.id, ids)
          : sql`false`
    )
  }
  const rows = await rowsOf(db, where, perPage, (page - 1) * perPage)
  // Every condition is on payments itself (users are looked up by IN), so the count needs no join. A page
  // shorter than asked, with nothing skipped before it, is all there is: a search's count comes free.
  const n =
    page === 1 && rows.length < perPage
      ? rows.length
      : (await db.select({ n: count() }).from(payments).where(where))[0].n
  const sums = await refundSums(
    db,
    rows.map((r) => r.p.id)
  )
  return { list: rows.map((r) => saleItem(r, sums, cipher)), total: n }
}

const SHOP_STATUS: Record<string, string> = {
  to_pay: '待付款',
  to_ship: '待发货',
  to_receive: '已发货',
  done: '已完成',
  cancelled: '已取消',
  refunded: '已退款'
}
const APPLICATION_STATUS: Record<string, string> = {
  unpaid: '待缴费',
  reviewing: '审核中',
  approved: '已通过',
  rejected: '已驳回'
}
const SIGNUP_STATUS: Record<string, string> = { unpaid: '待支付', signed: '已报名', cancelled: '已取消' }
const SERVICE_STATUS: Record<string, string> = { unpaid: '待支付', paid: '已支付', done: '已完成', cancelled: '已取消' }
const COURSE_STATUS: Record<string, string> = { created: '待支付', paid: '已支付', closed: '已关闭' }

type BizView = Pick<AdminSaleDetail, 'items' | 'receiver' | 'biz_status' | 'biz_link' | 'biz_link_text'>

/** The business record behind a payment: what was bought, its state, and where the console shows it. */
async function bizView(db: Db, cipher: DataCipher, p: PaymentRow): Promise<BizView> {
  const one = (name: string): BizView['items'] => [
    { name, spec_text: '', price_fen: p.amountFen, quantity: 1, amount_fen: p.amountFen }
  ]
  const none: BizView = { items: one(p.description), receiver: null, biz_status: '', biz_link: '', biz_link_text: '' }
  switch (p.bizType) {
    case 'goods': {
      const [o] = await db.select().from(shopOrders).where(eq(shopOrders.id, p.bizId)).limit(1)
      if (!o) return none
      const items = await db
        .select()
        .from(shopOrderItems)
        .where(eq(shopOrderItems.orderId, o.id))
        .orderBy(asc(shopOrderItems.id))
      const a = orderAddress(cipher, o)
      return {
        items: items.map((i) => ({
          name: i.name,
          spec_text: i.specText,
          price_fen: i.price,
          quantity: i.quantity,
          amount_fen: i.amount
        })),
        receiver: { name: a.name, mobile: a.mobile, address: `${a.province}${a.city}${a.district}${a.detail}` },
        biz_status: SHOP_STATUS[o.status] ?? o.status,
        biz_link: `/orders/${o.id}`,
        biz_link_text: '商城订单详情'
      }
    }
    case 'course': {
      const [r] = await db
        .select({ o: courseOrders, title: courses.title })
        .from(courseOrders)
        .innerJoin(courses, eq(courses.id, courseOrders.courseId))
        .where(eq(courseOrders.id, p.bizId))
        .limit(1)
      if (!r) return none
      return {
        ...none,
        items: one(r.title),
        // A refund closes the course order: say why it closed.
        biz_status:
          p.status === 'refunded' && r.o.status === 'closed' ? '已退款' : (COURSE_STATUS[r.o.status] ?? r.o.status),
        biz_link: `/courses/${r.o.courseId}`,
        biz_link_text: '课程与学员'
      }
    }
    case 'activity': {
      const [r] = await db
        .select({ s: activitySignups, title: activities.title })
        .from(activitySignups)
        .innerJoin(activities, eq(activities.id, activitySignups.activityId))
        .where(eq(activitySignups.id, p.bizId))
        .limit(1)
      if (!r) return none
      return {
        ...none,
        items: one(r.title),
        biz_status: SIGNUP_STATUS[r.s.status] ?? r.s.status,
        biz_link: `/signups?activity_id=${r.s.activityId}`,
        biz_link_text: '活动报名'
      }
    }
    case 'certificate': {
      const [r] = await db
        .select({ a: certificateApplications, title: certificates.title })
        .from(certificateApplications)
        .innerJoin(certificates, eq(certificates.id, certificateApplications.certificateId))
        .where(eq(certificateApplications.id, p.bizId))
        .limit(1)
      if (!r) return none
      return {
        ...none,
        items: one(r.title),
        biz_status: APPLICATION_STATUS[r.a.status] ?? r.a.status,
        biz_link: '/certificates',
        biz_link_text: '证书申请'
      }
    }
    case 'membership': {
      const [a] = await db.select().from(membershipApplications).where(eq(membershipApplications.id, p.bizId)).limit(1)
      if (!a) return none
      return {
        ...none,
        biz_status: APPLICATION_STATUS[a.status] ?? a.status,
        biz_link: '/memberships',
        biz_link_text: '入会申请'
      }
    }
    case 'service': {
      const [r] = await db
        .select({ o: serviceOrders, title: consultServices.title, teacher: teachers.name })
        .from(serviceOrders)
        .innerJoin(consultServices, eq(consultServices.id, serviceOrders.serviceId))
        .innerJoin(teachers, eq(teachers.id, serviceOrders.teacherId))
        .where(eq(serviceOrders.id, p.bizId))
        .limit(1)
      if (!r) return none
      return {
        ...none,
        items: one(`${r.title}（${r.teacher}）`),
        biz_status: SERVICE_STATUS[r.o.status] ?? r.o.status,
        biz_link: '/services',
        biz_link_text: '服务预约'
      }
    }
    case 'report': {
      const [r] = await db.select().from(baziReports).where(eq(baziReports.id, p.bizId)).limit(1)
      if (!r) return none
      return { ...none, biz_status: r.status === 'paid' ? '已解锁' : '待支付' }
    }
  }
}

export async function saleDetail(db: Db, cipher: DataCipher, paymentId: number): Promise<AdminSaleDetail> {
  const [r] = await rowsOf(db, eq(payments.id, paymentId), 1, 0)
  if (!r) throw new AppError('订单不存在')
  const p = r.p
  // A lapsed payment and the one paid later belong to the same sale: show them all.
  const pays = await db
    .select()
    .from(payments)
    .where(and(eq(payments.bizType, p.bizType), eq(payments.bizId, p.bizId), eq(payments.userId, p.userId)))
    .orderBy(asc(payments.id))
  const tradeNo = new Map(pays.map((x) => [x.id, x.outTradeNo]))
  const refunds = await db
    .select()
    .from(paymentRefunds)
    .where(inArray(paymentRefunds.paymentId, [...tradeNo.keys()]))
    .orderBy(asc(paymentRefunds.id))
  const [sums, view, check] = await Promise.all([
    refundSums(db, [p.id]),
    bizView(db, cipher, p),
    p.bizType === 'course' ? courseRefundCheck(db, p) : null
  ])
  const iso = (d: Date | null) => d?.toISOString() ?? null
  return {
    ...saleItem(r, sums, cipher),
    payer_app_id: p.payerAppId ?? '',
    payer_openid: p.payerOpenid ?? '',
    ...view,
    payments: pays.map((x) => ({
      payment_id: x.id,
      out_trade_no: x.outTradeNo,
      provider: x.provider,
      provider_txn_id: x.providerTxnId ?? '',
      status: x.status,
      amount_fen: x.amountFen,
      created_at: x.createdAt.toISOString(),
      paid_at: iso(x.paidAt)
    })),
    refunds: refunds.map((x) => ({
      out_refund_no: x.outRefundNo,
      provider_refund_id: x.providerRefundId ?? '',
      out_trade_no: tradeNo.get(x.paymentId) ?? '',
      amount_fen: x.amountFen,
      status: x.status,
      reason: x.reason,
      fail_reason: x.failReason,
      created_at: x.createdAt.toISOString(),
      finished_at: iso(x.finishedAt)
    })),
    course_refund: check && {
      allowed: check.allowed,
      reason: check.reason,
      progress_percent: check.progressPercent,
      deadline: iso(check.deadline)
    }
  }
}

export const SALE_LABELS = {
  biz_type: '订单类型',
  status: '订单状态',
  order_no: '订单号',
  user: '用户',
  user_id: '用户ID',
  keyword: '收货人/商品/课程',
  date_from: '支付开始日期',
  date_to: '支付结束日期',
  payment_id: '订单'
}

export default async function orderCenterRoutes(app: FastifyInstance): Promise<void> {
  adminRoute(
    app,
    {
      method: 'GET',
      path: '/sale/lists',
      input: z.object({
        ...adminPaging,
        biz_type: optional(z.enum(PAYMENT_BIZ_TYPES)),
        status: optional(z.enum(SALE_STATUSES)),
        order_no: optional(text(64)),
        user: optional(text(32)),
        user_id: optional(idParam()),
        keyword: optional(text(32)),
        date_from: optional(dayParam),
        date_to: optional(dayParam)
      }),
      permission: 'order.view',
      labels: SALE_LABELS
    },
    async ({ input }) => {
      const { list, total } = await listSales(app.db, app.services.dataCipher, input, input.page, input.per_page)
      return paged(list, total, input.page, input.per_page)
    }
  )

  adminRoute(
    app,
    {
      method: 'GET',
      path: '/sale/detail',
      input: z.object({ payment_id: idParam() }),
      permission: 'order.view',
      labels: SALE_LABELS
    },
    async ({ input }) => saleDetail(app.db, app.services.dataCipher, input.payment_id)
  )

  // A course sale refunded by 业务设置's course policy; the learner's access ends when the money is back.
  adminRoute(
    app,
    {
      method: 'POST',
      path: '/sale/courseRefund',
      input: z.object({ payment_id: idParam(), reason: multiline(80, 1) }),
      permission: 'refund.decide',
      labels: { ...SALE_LABELS, reason: '退款原因' }
    },
    async ({ input, audit }) => {
      const [p] = await app.db.select().from(payments).where(eq(payments.id, input.payment_id)).limit(1)
      if (!p) throw new AppError('订单不存在')
      if (p.bizType !== 'course') throw new AppError('只有课程订单可在这里退款')
      const outcome = await refundCourse(app.db, app.services.payments, p, input.reason)
      await audit({
        action: 'sale.courseRefund',
        targetType: 'payment',
        targetId: p.id,
        before: { status: p.status },
        after: {
          reason: input.reason,
          out_refund_no: outcome.outRefundNo,
          refund_fen: outcome.refundFen,
          refund_status: outcome.status
        }
      })
      return saleDetail(app.db, app.services.dataCipher, p.id)
    }
  )
}
