import type { AdminBizType, AdminHomeKind, AdminOrderStatus, AdminRefundStatus, AdminRole } from '@contract/admin'

export const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`

/** A time as China reads it: 2025-01-31 14:05. */
export function time(iso: string | null | undefined): string {
  if (!iso) return '-'
  const d = new Date(new Date(iso).getTime() + 8 * 3_600_000)
  return d.toISOString().slice(0, 16).replace('T', ' ')
}

export const ORDER_STATUS: Record<AdminOrderStatus, { text: string; color: string }> = {
  to_pay: { text: '待付款', color: 'default' },
  to_ship: { text: '待发货', color: 'orange' },
  to_receive: { text: '已发货', color: 'blue' },
  done: { text: '已完成', color: 'green' },
  cancelled: { text: '已取消', color: 'default' },
  refunded: { text: '已退款', color: 'red' }
}

export const REFUND_STATUS: Record<AdminRefundStatus, { text: string; color: string }> = {
  none: { text: '无', color: 'default' },
  applied: { text: '退款申请中', color: 'volcano' },
  rejected: { text: '已拒绝', color: 'default' },
  refunded: { text: '已退款', color: 'red' }
}

export const ROLE_TEXT: Record<AdminRole, string> = {
  owner: '店主',
  operations: '运营',
  finance: '财务',
  content: '内容',
  teacher: '老师'
}

export const HOME_KIND_TEXT: Record<AdminHomeKind, string> = {
  banner: '轮播图',
  nav: '导航图标',
  section: '推荐栏目',
  item: '推荐内容',
  notice: '公告'
}

/** The audit log's actions in words. */
export const ACTION_TEXT: Record<string, string> = {
  'operator.add': '新增操作员',
  'operator.edit': '修改操作员',
  'operator.resetPassword': '重置密码',
  'operator.revokeSessions': '强制下线',
  'operator.password': '修改自己的密码',
  'order.ship': '订单发货',
  'order.close': '关闭订单',
  'order.remark': '商家备注',
  'order.address': '修改收货地址',
  'order.wechatShippingRetry': '重新上传微信发货信息',
  'refund.approve': '同意退款',
  'refund.reject': '拒绝退款',
  'withdrawal.pay': '提现通过并转账',
  'withdrawal.reject': '驳回提现',
  'review.approve': '审核通过',
  'review.reject': '审核驳回',
  'user.disable': '停用用户',
  'user.enable': '启用用户',
  'wallet.commissionRule': '修改佣金规则',
  'wallet.withdrawRule': '修改提现规则',
  'settings.business': '修改业务设置',
  'sale.courseRefund': '课程退款',
  'channel.save': '修改渠道功能',
  'notify.save': '修改消息设置',
  'notify.test': '测试发送消息',
  'toolProduct.save': '修改付费工具',
  ...Object.fromEntries(
    Object.entries(HOME_KIND_TEXT).flatMap(([kind, name]) => [
      [`home.${kind}.add`, `新增${name}`],
      [`home.${kind}.edit`, `修改${name}`],
      [`home.${kind}.delete`, `删除${name}`]
    ])
  ),
  'file.upload': '上传图片',
  'category.add': '新增分类',
  'category.edit': '修改分类',
  'category.delete': '删除分类',
  'goods.add': '新增商品',
  'goods.edit': '修改商品',
  'goods.onShelf': '商品上架',
  'goods.offShelf': '商品下架',
  'goods.stock': '调整库存',
  'goods.trash': '商品移入回收站',
  'goods.restore': '从回收站恢复商品',
  'coupon.add': '新建优惠券',
  'coupon.stop': '停发优惠券',
  'freight.add': '新建运费模板',
  'freight.edit': '修改运费模板',
  'freight.delete': '删除运费模板',
  'freight.setDefault': '设为默认运费模板',
  'course.add': '新建课程',
  'course.edit': '修改课程',
  'course.on_shelf': '课程上架',
  'course.off_shelf': '课程下架',
  'course.chapter_add': '新增章节',
  'course.chapter_edit': '修改章节',
  'course.chapter_delete': '删除章节',
  'course.lesson_add': '新增课时',
  'course.lesson_edit': '修改课时',
  'course.lesson_delete': '删除课时',
  'course.reorder': '调整课程目录顺序',
  'course.live_add': '安排直播',
  'course.live_edit': '修改直播',
  'course.live_delete': '删除直播',
  'course.offline_add': '线下开班',
  'course.offline_edit': '修改线下班',
  'course.offline_delete': '删除线下班',
  'offline.checkin': '线下课签到',
  'exam.bank_add': '新建题库',
  'exam.bank_edit': '修改题库',
  'exam.question_add': '新增题目',
  'exam.question_edit': '修改题目',
  'exam.question_delete': '删除题目',
  'exam.import': '导入题目',
  'exam.paper_add': '新建试卷',
  'exam.paper_edit': '修改试卷',
  'exam.paper_on': '试卷上架',
  'exam.paper_off': '试卷下架',
  'service.complete': '服务标记完成',
  'teacher.add': '新增老师',
  'teacher.edit': '修改老师',
  'consult.add': '新增咨询服务',
  'consult.edit': '修改咨询服务',
  'article.add': '发布文章',
  'article.edit': '修改文章',
  'article.flags': '置顶/推荐/隐藏文章',
  'article.column_add': '新增文章栏目',
  'article.column_rename': '文章栏目改名',
  'article.column_order': '调整文章栏目顺序',
  'certificate_type.add': '新增证书类型',
  'certificate_type.edit': '修改证书类型',
  'activity.add': '新建活动',
  'activity.edit': '修改活动',
  'service.cancel': '取消服务预约',
  'certificate.approve': '通过证书申请',
  'certificate.reject': '驳回证书申请',
  'membership.approve': '通过入会申请',
  'membership.reject': '驳回入会申请',
  'signup.cancel': '取消活动报名',
  'signup.checkin': '活动签到'
}

/** The audit log's record types in words. */
export const TARGET_TEXT: Record<string, string> = {
  order: '订单',
  withdrawal: '提现',
  operator: '操作员',
  user: '用户',
  article: '文章',
  certificate: '证书报名',
  membership: '入会申请',
  commission_rule: '佣金规则',
  wallet_setting: '提现规则',
  goods: '商品',
  sku: 'SKU',
  category: '分类',
  coupon: '优惠券',
  freight_template: '运费模板',
  file: '图片',
  service_order: '服务预约',
  teacher: '老师',
  consult_service: '咨询服务',
  article_column: '文章栏目',
  certificate_type: '证书类型',
  activity: '活动',
  certificate_application: '证书申请',
  membership_application: '入会申请',
  activity_signup: '活动报名',
  live_session: '直播场次',
  offline_class: '线下班',
  offline_signup: '线下课报名',
  exam_bank: '题库',
  exam_question: '题目',
  exam_paper: '试卷',
  ...Object.fromEntries(Object.entries(HOME_KIND_TEXT).map(([kind, name]) => [`home_${kind}`, name]))
}

export const BIZ_TYPE_TEXT: Record<AdminBizType, string> = {
  goods: '商品',
  course: '课程',
  activity: '活动',
  report: '报告',
  certificate: '证书',
  membership: '会员',
  service: '服务'
}

export const PAYMENT_STATUS: Record<string, string> = {
  created: '待支付',
  paid: '已支付',
  closed: '已关闭',
  refunded: '已退款'
}
export const REFUND_RECORD_STATUS: Record<string, string> = {
  pending: '待提交',
  processing: '处理中',
  abnormal: '异常',
  succeeded: '已退回',
  failed: '失败'
}
