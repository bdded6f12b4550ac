import { lazy } from 'react'
import type { AdminPermission } from '../../src/api/contracts/admin'

/** The menu: each section a lazily loaded screen, shown to roles with its permission. */
export const SECTIONS = [
  { path: '/dashboard', name: '仪表盘', icon: 'dashboard', permission: 'dashboard.view', screen: lazy(() => import('./pages/Dashboard')) },
  { path: '/orders', name: '订单', icon: 'orders', permission: 'order.view', screen: lazy(() => import('./pages/orders/OrderList')) },
  { path: '/refunds', name: '售后', icon: 'refunds', permission: 'refund.view', screen: lazy(() => import('./pages/Refunds')) },
  { path: '/withdrawals', name: '提现', icon: 'withdrawals', permission: 'withdrawal.view', screen: lazy(() => import('./pages/Withdrawals')) },
  { path: '/services', name: '服务预约', icon: 'services', permission: 'service.view', screen: lazy(() => import('./pages/ServiceBookings')) },
  { path: '/certificates', name: '证书申请', icon: 'certificates', permission: 'certificate.review', screen: lazy(() => import('./pages/ApplicationReview').then((m) => ({ default: m.CertificateReview }))) },
  { path: '/memberships', name: '入会申请', icon: 'memberships', permission: 'membership.review', screen: lazy(() => import('./pages/ApplicationReview').then((m) => ({ default: m.MembershipReview }))) },
  { path: '/signups', name: '活动报名', icon: 'signups', permission: 'signup.view', screen: lazy(() => import('./pages/Signups')) },
  { path: '/operators', name: '操作员', icon: 'operators', permission: 'operator.manage', screen: lazy(() => import('./pages/Operators')) },
  { path: '/audit', name: '操作日志', icon: 'audit', permission: 'audit.view', screen: lazy(() => import('./pages/AuditLog')) }
] as const satisfies readonly { path: string; name: string; icon: string; permission: AdminPermission; screen: unknown }[]

export const OrderDetailScreen = lazy(() => import('./pages/orders/OrderDetail'))
