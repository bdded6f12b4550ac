import type { AdminRole } from '../../db/schema'

/** What each role may do; the server checks every console call against this, the menu only mirrors it. */
export const PERMISSIONS = {
  'dashboard.view': ['owner', 'operations', 'finance'],
  'order.view': ['owner', 'operations', 'finance'],
  'order.ship': ['owner', 'operations'],
  'order.close': ['owner', 'operations'],
  'refund.view': ['owner', 'operations', 'finance'],
  'refund.decide': ['owner', 'finance'],
  'withdrawal.view': ['owner', 'finance'],
  'withdrawal.decide': ['owner', 'finance'],
  // 对账: the books of every business type, refunds, commission and payouts.
  'finance.view': ['owner', 'finance'],
  'user.view': ['owner', 'operations'],
  'user.disable': ['owner', 'operations'],
  'wallet.settings': ['owner', 'finance'],
  // 业务设置: the after-sale window, the return address and the course refund policy are the owner's promises to buyers.
  'settings.business': ['owner'],
  'commission.view': ['owner', 'finance'],
  'home.edit': ['owner', 'operations'],
  // Which features each client shows decides what WeChat's review sees: the owner's call.
  'channel.edit': ['owner'],
  // What WeChat tells users in the business's name, and what the operators' group is told: the owner's call.
  'notify.manage': ['owner'],
  'review.view': ['owner', 'content'],
  'review.decide': ['owner', 'content'],
  'service.view': ['owner', 'operations', 'finance'],
  'service.manage': ['owner', 'operations'],
  'certificate.review': ['owner', 'content'],
  'membership.review': ['owner', 'content'],
  'signup.view': ['owner', 'operations', 'content'],
  'signup.manage': ['owner', 'operations'],
  'operator.manage': ['owner'],
  'audit.view': ['owner'],
  'goods.view': ['owner', 'operations'],
  'goods.edit': ['owner', 'operations'],
  'coupon.view': ['owner', 'operations'],
  'coupon.edit': ['owner', 'operations'],
  'course.view': ['owner', 'content'],
  'course.edit': ['owner', 'content'],
  'exam.view': ['owner', 'content'],
  'exam.edit': ['owner', 'content'],
  'product.price': ['owner', 'operations'],
  'teacher.view': ['owner', 'operations', 'content'],
  'teacher.edit': ['owner', 'operations'],
  'article.view': ['owner', 'content'],
  'article.edit': ['owner', 'content'],
  'certificate.type': ['owner', 'content'],
  'activity.edit': ['owner', 'operations'],
  // A teacher's own account: that teacher's bookings only, scoped by the operator's teacher_id.
  'consult.own': ['teacher']
} as const satisfies Record<string, readonly AdminRole[]>

export type Permission = keyof typeof PERMISSIONS

export function can(role: AdminRole, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly AdminRole[]).includes(role)
}

export function permissionsOf(role: AdminRole): Permission[] {
  return (Object.keys(PERMISSIONS) as Permission[]).filter((p) => can(role, p))
}

export const ROLE_NAMES: Record<AdminRole, string> = {
  owner: '店主',
  operations: '运营',
  finance: '财务',
  content: '内容',
  teacher: '老师'
}
