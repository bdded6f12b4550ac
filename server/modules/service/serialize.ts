import type { ServiceOrder, ServiceSummary, ServiceTeacher } from '../../../contract'
import type { Config } from '../../config'
import { assetUrl } from '../../core/asset-url'
import type { DataCipher } from '../../core/data-key'
import { payDeadlineOf } from '../../core/pay-window'
import { openMobile } from '../../core/sealed-columns'
import type { consultServices, serviceOrders, teachers } from '../../db/schema'
import { refundView } from '../payment/biz-refund'
import { cancelDeadlineOf } from './lifecycle'

type ServiceRow = typeof consultServices.$inferSelect
type TeacherRow = typeof teachers.$inferSelect
type OrderRow = typeof serviceOrders.$inferSelect

export function serviceSummary(publicUrl: string, s: ServiceRow): ServiceSummary {
  return {
    service_id: s.id,
    kind: s.kind,
    title: s.title,
    summary: s.summary,
    cover: assetUrl(publicUrl, s.cover),
    price: s.priceFen,
    duration_min: s.durationMin
  }
}

export function teacherBrief(publicUrl: string, t: TeacherRow): ServiceTeacher {
  return { teacher_id: t.id, name: t.name, title: t.title, avatar: assetUrl(publicUrl, t.avatar) }
}

export function serviceOrder(
  config: Pick<Config, 'publicUrl' | 'serviceCancelHours'>,
  cipher: DataCipher,
  o: OrderRow,
  s: ServiceRow,
  t: TeacherRow,
  now = new Date()
): ServiceOrder {
  const { publicUrl } = config
  const summary = serviceSummary(publicUrl, s)
  const cancelDeadline = cancelDeadlineOf(o.startsAt, config.serviceCancelHours)
  return {
    order_id: o.id,
    status: o.status,
    amount: o.amountFen,
    starts_at: o.startsAt.toISOString(),
    name: o.name,
    mobile: openMobile(cipher, o.mobile),
    remark: o.remark,
    created_at: o.createdAt.toISOString(),
    pay_deadline: o.status === 'unpaid' ? payDeadlineOf(o.createdAt) : null,
    paid_at: o.paidAt?.toISOString() ?? null,
    completed_at: o.completedAt?.toISOString() ?? null,
    cancelled_at: o.cancelledAt?.toISOString() ?? null,
    cancel_reason: o.cancelReason,
    cancelled_by: o.cancelledBy,
    cancel_deadline: o.status === 'paid' ? cancelDeadline.toISOString() : null,
    can_cancel: o.status === 'unpaid' || (o.status === 'paid' && now < cancelDeadline),
    refund: refundView(o),
    service: {
      service_id: summary.service_id,
      kind: summary.kind,
      title: summary.title,
      cover: summary.cover,
      duration_min: summary.duration_min
    },
    teacher: teacherBrief(publicUrl, t)
  }
}
