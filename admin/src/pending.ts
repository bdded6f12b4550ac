import type { AdminPendingKey, AdminPermission } from '@contract/admin'

/** The work waiting, as the dashboard and the bell name it: the screen that does it and who may open that screen. */
export const PENDING_ITEMS: { key: AdminPendingKey; label: string; to: string; view: AdminPermission }[] = [
  { key: 'to_ship', label: '待发货订单', to: '/orders?status=to_ship', view: 'order.view' },
  { key: 'refunds', label: '待处理退款', to: '/refunds', view: 'refund.view' },
  { key: 'withdrawals', label: '待审核提现', to: '/withdrawals', view: 'withdrawal.view' },
  { key: 'articles', label: '待审核文章', to: '/reviews', view: 'review.view' },
  { key: 'certificates', label: '待审核证书报名', to: '/certificates', view: 'certificate.review' },
  { key: 'memberships', label: '待审核入会申请', to: '/memberships', view: 'membership.review' }
]
