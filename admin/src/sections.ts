import type { AdminPermission } from '@contract/admin'
import { lazy } from 'react'

/** The menu's groups, in the order an operator of a Chinese shop console expects them. */
export const GROUP_ORDER = ['仪表盘', '订单', '商品', '营销', '课程与教学', '内容', '用户', '财务', '设置'] as const
export type SectionGroup = (typeof GROUP_ORDER)[number]

/**
 * The menu: each section a lazily loaded screen, shown to roles with its permission, under its group (a group shows
 * when the role may open one of its sections).
 */
export const SECTIONS = [
  {
    path: '/dashboard',
    name: '仪表盘',
    group: '仪表盘',
    icon: 'dashboard',
    permission: 'dashboard.view',
    screen: lazy(() => import('./pages/Dashboard'))
  },
  {
    path: '/orders',
    name: '订单',
    group: '订单',
    icon: 'orders',
    permission: 'order.view',
    screen: lazy(() => import('./pages/orders/OrderList'))
  },
  {
    path: '/sales',
    name: '全部订单',
    group: '订单',
    icon: 'sales',
    permission: 'order.view',
    screen: lazy(() => import('./pages/orders/SaleList'))
  },
  {
    path: '/refunds',
    name: '售后',
    group: '订单',
    icon: 'refunds',
    permission: 'refund.view',
    screen: lazy(() => import('./pages/Refunds'))
  },
  {
    path: '/goods',
    name: '商品',
    group: '商品',
    icon: 'goods',
    permission: 'goods.view',
    screen: lazy(() => import('./pages/goods/GoodsList'))
  },
  {
    path: '/categories',
    name: '商品分类',
    group: '商品',
    icon: 'categories',
    permission: 'goods.view',
    screen: lazy(() => import('./pages/goods/Categories'))
  },
  {
    path: '/freight-templates',
    name: '运费模板',
    group: '商品',
    icon: 'freight',
    permission: 'goods.view',
    screen: lazy(() => import('./pages/goods/FreightTemplates'))
  },
  {
    path: '/coupons',
    name: '优惠券',
    group: '营销',
    icon: 'coupons',
    permission: 'coupon.view',
    screen: lazy(() => import('./pages/Coupons'))
  },
  {
    path: '/withdrawals',
    name: '提现',
    group: '财务',
    icon: 'withdrawals',
    permission: 'withdrawal.view',
    screen: lazy(() => import('./pages/Withdrawals'))
  },
  {
    path: '/reconciliation',
    name: '对账',
    group: '财务',
    icon: 'reconciliation',
    permission: 'finance.view',
    screen: lazy(() => import('./pages/Reconciliation'))
  },
  {
    path: '/users',
    name: '用户',
    group: '用户',
    icon: 'users',
    permission: 'user.view',
    screen: lazy(() => import('./pages/users/UserList'))
  },
  {
    path: '/commissions',
    name: '佣金明细',
    group: '财务',
    icon: 'commissions',
    permission: 'commission.view',
    screen: lazy(() => import('./pages/wallet/Commissions'))
  },
  {
    path: '/wallet-settings',
    name: '佣金与提现设置',
    group: '财务',
    icon: 'walletSettings',
    permission: 'wallet.settings',
    screen: lazy(() => import('./pages/wallet/WalletSettings'))
  },
  {
    path: '/business-settings',
    name: '业务设置',
    group: '设置',
    icon: 'walletSettings',
    permission: 'settings.business',
    screen: lazy(() => import('./pages/BusinessSettings'))
  },
  {
    path: '/tool-products',
    name: '付费工具',
    group: '商品',
    icon: 'toolProducts',
    permission: 'product.price',
    screen: lazy(() => import('./pages/ToolProducts'))
  },
  {
    path: '/home-content',
    name: '首页内容',
    group: '营销',
    icon: 'home',
    permission: 'home.edit',
    screen: lazy(() => import('./pages/HomeContent'))
  },
  {
    path: '/channel-features',
    name: '渠道功能',
    group: '设置',
    icon: 'channels',
    permission: 'channel.edit',
    screen: lazy(() => import('./pages/ChannelFeatures'))
  },
  {
    path: '/notify-settings',
    name: '消息设置',
    group: '设置',
    icon: 'notifySettings',
    permission: 'notify.manage',
    screen: lazy(() => import('./pages/NotifySettings'))
  },
  {
    path: '/articles',
    name: '文章',
    group: '内容',
    icon: 'articles',
    permission: 'article.view',
    screen: lazy(() => import('./pages/articles/Articles'))
  },
  {
    path: '/reviews',
    name: '审核',
    group: '内容',
    icon: 'reviews',
    permission: 'review.view',
    screen: lazy(() => import('./pages/Reviews'))
  },
  {
    path: '/courses',
    name: '课程',
    group: '课程与教学',
    icon: 'courses',
    permission: 'course.view',
    screen: lazy(() => import('./pages/courses/CourseList'))
  },
  {
    path: '/exam-banks',
    name: '题库',
    group: '课程与教学',
    icon: 'examBanks',
    permission: 'exam.view',
    screen: lazy(() => import('./pages/exams/ExamBanks'))
  },
  {
    path: '/exam-papers',
    name: '试卷',
    group: '课程与教学',
    icon: 'examPapers',
    permission: 'exam.view',
    screen: lazy(() => import('./pages/exams/ExamPapers'))
  },
  {
    path: '/teachers',
    name: '老师',
    group: '课程与教学',
    icon: 'teachers',
    permission: 'teacher.view',
    screen: lazy(() => import('./pages/teachers/Teachers'))
  },
  {
    path: '/consult-services',
    name: '咨询服务',
    group: '课程与教学',
    icon: 'consultServices',
    permission: 'teacher.view',
    screen: lazy(() => import('./pages/teachers/ConsultServices'))
  },
  {
    path: '/desk',
    name: '我的预约',
    group: '课程与教学',
    icon: 'desk',
    permission: 'consult.own',
    screen: lazy(() => import('./pages/teachers/TeacherDesk'))
  },
  {
    path: '/services',
    name: '服务预约',
    group: '课程与教学',
    icon: 'services',
    permission: 'service.view',
    screen: lazy(() => import('./pages/ServiceBookings'))
  },
  {
    path: '/certificate-types',
    name: '证书类型',
    group: '课程与教学',
    icon: 'certificateTypes',
    permission: 'certificate.type',
    screen: lazy(() => import('./pages/CertificateTypes'))
  },
  {
    path: '/certificates',
    name: '证书申请',
    group: '课程与教学',
    icon: 'certificates',
    permission: 'certificate.review',
    screen: lazy(() => import('./pages/ApplicationReview').then((m) => ({ default: m.CertificateReview })))
  },
  {
    path: '/memberships',
    name: '入会申请',
    group: '用户',
    icon: 'memberships',
    permission: 'membership.review',
    screen: lazy(() => import('./pages/ApplicationReview').then((m) => ({ default: m.MembershipReview })))
  },
  {
    path: '/activities',
    name: '活动管理',
    group: '营销',
    icon: 'activities',
    permission: 'activity.edit',
    screen: lazy(() => import('./pages/Activities'))
  },
  {
    path: '/signups',
    name: '活动报名',
    group: '营销',
    icon: 'signups',
    permission: 'signup.view',
    screen: lazy(() => import('./pages/Signups'))
  },
  {
    path: '/operators',
    name: '操作员',
    group: '设置',
    icon: 'operators',
    permission: 'operator.manage',
    screen: lazy(() => import('./pages/Operators'))
  },
  {
    path: '/audit',
    name: '操作日志',
    group: '设置',
    icon: 'audit',
    permission: 'audit.view',
    screen: lazy(() => import('./pages/AuditLog'))
  }
] as const satisfies readonly {
  path: string
  name: string
  group: SectionGroup
  icon: string
  permission: AdminPermission
  screen: unknown
}[]

export const OrderDetailScreen = lazy(() => import('./pages/orders/OrderDetail'))
export const UserDetailScreen = lazy(() => import('./pages/users/UserDetail'))
export const GoodsEditScreen = lazy(() => import('./pages/goods/GoodsEdit'))
export const CourseEditorScreen = lazy(() => import('./pages/courses/CourseEditor'))
