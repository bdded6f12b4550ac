import { eq } from 'drizzle-orm'

import { sealMobile } from '../../../server/core/sealed-columns'
import {
  activities,
  certificates,
  consultServices,
  courses,
  type PaymentBizType,
  payments,
  teachers,
  users
} from '../../../server/db/schema'
import { paidShopOrder } from './admin'
import { call, login, type TestContext } from './test-app'
import { uploadPrivate } from './upload'

export interface Sale {
  bizType: PaymentBizType
  outTradeNo: string
  paymentId: number
  amountFen: number
  /** The shop order's number (goods only). */
  orderNo?: string
}

type Who = { userId: number; token: string }
let seq = 0

/**
 * One paid sale of every business type by `who`, each bought through the app's own routes and paid in the
 * sandbox as the client pays: a shop order, a course, a bazi report, a service booking, an activity
 * sign-up, a certificate application and association dues.
 */
export async function salesOfEveryType(ctx: TestContext, who: Who): Promise<Record<PaymentBizType, Sale>> {
  const db = ctx.database.db
  const api = (method: 'GET' | 'POST', action: string, params: Record<string, unknown> = {}) =>
    call(ctx.app, method, `/api/${action}`, params, who.token)
  const confirm = async (outTradeNo: string) =>
    expect((await api('POST', 'pay.sandbox/confirm', { out_trade_no: outTradeNo })).code).toBe(1)
  const sale = async (bizType: PaymentBizType, outTradeNo: string, orderNo?: string): Promise<Sale> => {
    const [p] = await db.select().from(payments).where(eq(payments.outTradeNo, outTradeNo))
    expect(p).toMatchObject({ bizType, status: 'paid' })
    return { bizType, outTradeNo, paymentId: p.id, amountFen: p.amountFen, orderNo }
  }
  const out = {} as Record<PaymentBizType, Sale>

  const shop = await paidShopOrder(ctx.app, db, who.token)
  const [shopPay] = await db.select().from(payments).where(eq(payments.bizId, shop.order_id))
  out.goods = await sale('goods', shopPay.outTradeNo, shop.order_no)

  const [course] = await db.select().from(courses).where(eq(courses.slug, 'bazi-basics'))
  const order = await api('POST', 'course.order/add', { course_id: course.id })
  const coursePay = await api('POST', 'course.order/pay', { order_id: order.data.order_id })
  await confirm(coursePay.data.out_trade_no)
  out.course = await sale('course', coursePay.data.out_trade_no)

  const record = (
    await api('POST', 'tools.index/saveBazi', { name: '报告主', gender: 'male', date: '1990-05-15 14:30' })
  ).data
  const reportPay = (await api('POST', 'tools.index/pay', { record_id: record.id })).data.pay.out_trade_no
  await confirm(reportPay)
  out.report = await sale('report', reportPay)

  const [service] = await db.select().from(consultServices).where(eq(consultServices.slug, 'bazi-reading'))
  const [teacher] = await db.select().from(teachers).where(eq(teachers.slug, 'zhou-mingyuan'))
  const slots = (await api('GET', 'service.slot/lists', { teacher_id: teacher.id })).data.list
  const slot = slots.find(
    (s: { free: boolean; starts_at: string }) => s.free && Date.parse(s.starts_at) > Date.now() + 30 * 3600_000
  )
  const booked = await api('POST', 'service.order/add', {
    service_id: service.id,
    teacher_id: teacher.id,
    slot_id: slot.slot_id,
    name: '张三',
    mobile: '13800138000'
  })
  expect(booked.code).toBe(1)
  const servicePay = (await api('POST', 'service.order/pay', { order_id: booked.data.order_id })).data.out_trade_no
  await confirm(servicePay)
  out.service = await sale('service', servicePay)

  const startsAt = new Date(Date.now() + 72 * 3600_000)
  const [activity] = await db
    .insert(activities)
    .values({
      slug: `sales-${Date.now()}-${++seq}`,
      title: `对账测试活动${seq}`,
      city: '杭州',
      address: '西湖边',
      startsAt,
      endsAt: new Date(startsAt.getTime() + 2 * 3600_000),
      signupDeadline: new Date(startsAt.getTime() - 3600_000),
      capacity: 10,
      feeFen: 5000
    })
    .returning()
  const signed = await api('POST', 'share.activity/signup', {
    activity_id: activity.id,
    name: '李四',
    mobile: '13900139000'
  })
  expect(signed.code).toBe(1)
  const activityPay = (await api('POST', 'share.activity/pay', { signup_id: signed.data.signup_id })).data.out_trade_no
  await confirm(activityPay)
  out.activity = await sale('activity', activityPay)

  const [cert] = await db.select().from(certificates).where(eq(certificates.slug, 'mingli-analyst'))
  const applied = await api('POST', 'certificate.apply/add', {
    certificate_id: cert.id,
    name: '王小明',
    id_number: '11010519491231002X',
    mobile: '13700137000',
    education: '本科',
    photo_file_id: (await uploadPrivate(ctx, who.token)).data.file_id
  })
  expect(applied.code).toBe(1)
  const certPay = (await api('POST', 'certificate.apply/pay', { application_id: applied.data.application_id })).data
    .out_trade_no
  await confirm(certPay)
  out.certificate = await sale('certificate', certPay)

  const member = await api('POST', 'association.apply/add', {
    kind: 'full',
    name: '陈静',
    mobile: '13600136000',
    id_number: '11010519491231002X',
    gender: '女',
    education: '硕士',
    specialty: '八字命理',
    intro: '从事命理研究八年，出版过两本入门读物。',
    photo_file_id: (await uploadPrivate(ctx, who.token)).data.file_id
  })
  expect(member.code).toBe(1)
  const duesPay = (await api('POST', 'association.apply/pay', { application_id: member.data.application_id })).data
    .out_trade_no
  await confirm(duesPay)
  out.membership = await sale('membership', duesPay)
  return out
}

/** A fresh app user with a mobile (referred by `refereeId` when given), who then buys one of everything. */
export async function buyerOfEverything(ctx: TestContext, nickname: string, mobile: string, refereeId?: number) {
  const who = await login(ctx.app, nickname, refereeId)
  await ctx.database.db
    .update(users)
    .set(sealMobile(ctx.app.services.dataCipher, mobile))
    .where(eq(users.id, who.userId))
  return { who, sales: await salesOfEveryType(ctx, who) }
}
