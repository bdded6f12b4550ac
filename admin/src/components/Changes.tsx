import { Typography } from 'antd'

import { ORDER_STATUS, ROLE_TEXT, yuan } from '../format'

const FIELD: Record<string, string> = {
  status: '状态',
  refund_status: '售后',
  express_company: '快递公司',
  express_no: '快递单号',
  refund_reply: '回复',
  role: '角色',
  disabled: '停用',
  username: '账号',
  amount_fen: '金额',
  reject_reason: '驳回原因',
  version: '版本',
  reason: '原因',
  sessions_ended: '退出的设备',
  nickname: '昵称',
  level1_percent: '一级佣金(%)',
  level2_percent: '二级佣金(%)',
  freeze_days: '冻结天数',
  min_fen: '单笔最低提现',
  price_fen: '售价',
  original_price_fen: '原价',
  description: '简介',
  daily_limit_fen: '每日上限',
  after_sale_days: '售后期(天)',
  auto_receive_days: '自动确认收货(天)',
  return_address: '退货地址',
  course_refund_days: '课程退款期(天)',
  course_refund_max_progress: '课程退款进度上限(%)',
  refund_fen: '退款金额',
  out_refund_no: '退款单号',
  title: '标题',
  image: '图片',
  icon: '图标',
  url: '链接',
  sort: '排序',
  visible: '显示',
  key: '栏目标识',
  moreUrl: '更多链接',
  sectionKey: '所属栏目',
  subtitle: '副标题',
  priceFen: '价格',
  tag: '标签',
  cancel_reason: '取消原因',
  review_note: '驳回原因',
  certificate_no: '证书编号',
  member_no: '会员编号',
  checked_in: '签到'
}
const VALUE: Record<string, string> = {
  ...Object.fromEntries(Object.entries(ORDER_STATUS).map(([k, v]) => [k, v.text])),
  applied: '退款申请中',
  rejected: '已拒绝',
  none: '无',
  pending: '待审核',
  paid: '已打款',
  transferring: '转账中',
  wait_confirm: '待确认收款',
  failed: '转账失败已退回',
  ...ROLE_TEXT,
  true: '是',
  false: '否'
}
// Bookings and applications name their states in their own words (paid is 已预约 there, not 已打款).
const VALUE_OF_TARGET: Record<string, Record<string, string>> = {
  service_order: {
    unpaid: '待支付',
    paid: '已预约',
    done: '已完成',
    cancelled: '已取消',
    processing: '退款中',
    refunded: '已退款',
    none: '无'
  },
  certificate_application: {
    reviewing: '待审核',
    approved: '已通过',
    rejected: '已驳回',
    processing: '退款中',
    refunded: '已退款',
    none: '无'
  },
  activity_signup: {
    unpaid: '待支付',
    signed: '已报名',
    cancelled: '已取消',
    processing: '退款中',
    refunded: '已退款',
    none: '无',
    true: '是',
    false: '否'
  }
}
VALUE_OF_TARGET.membership_application = VALUE_OF_TARGET.certificate_application
/** Money is kept in fen; an operator reads yuan. */
const isMoney = (key: string) => /(_fen|Fen)$/.test(key)
const shown = (v: unknown, words: Record<string, string>, key = '') =>
  v === '' || v == null ? '空' : isMoney(key) && typeof v === 'number' ? yuan(v) : (words[String(v)] ?? String(v))

/** What changed, field by field: 字段：旧 → 新 (a created record lists its fields). */
export function Changes({ before, after, target = '' }: { before: unknown; after: unknown; target?: string }) {
  const words = { ...VALUE, ...VALUE_OF_TARGET[target] }
  const b = (before ?? {}) as Record<string, unknown>
  const a = (after ?? {}) as Record<string, unknown>
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter(
    (k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]) && !['operator_id', 'created_at', 'last_login_at'].includes(k)
  )
  if (!keys.length) return <Typography.Text type="secondary">-</Typography.Text>
  return (
    <>
      {keys.map((k) => (
        <div key={k}>
          {(target in VALUE_OF_TARGET && k === 'refund_status' ? '退款' : FIELD[k]) ?? k}：
          {k in b ? `${shown(b[k], words, k)} → ` : ''}
          <b>{k in a ? shown(a[k], words, k) : '删除'}</b>
        </div>
      ))}
    </>
  )
}
