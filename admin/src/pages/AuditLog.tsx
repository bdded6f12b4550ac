import { PageContainer, ProTable, type ProColumns } from '@ant-design/pro-components'
import { Typography } from 'antd'
import type { AdminAuditRow } from '../../../src/api/contracts/admin'
import type { Paged } from '../../../src/api/contract'
import { api } from '../api/client'
import { ACTION_TEXT, ORDER_STATUS, ROLE_TEXT, time } from '../format'

const FIELD: Record<string, string> = {
  status: '状态',
  refund_status: '售后',
  express_company: '快递公司',
  express_no: '快递单号',
  refund_reply: '回复',
  role: '角色',
  disabled: '停用',
  username: '账号',
  amount_fen: '金额(分)',
  reject_reason: '驳回原因',
  version: '版本',
  cancel_reason: '取消原因',
  review_note: '驳回原因',
  certificate_no: '证书编号',
  member_no: '会员编号',
  checked_in: '签到'
}
const VALUE: Record<string, string> = { ...Object.fromEntries(Object.entries(ORDER_STATUS).map(([k, v]) => [k, v.text])), applied: '退款申请中', rejected: '已拒绝', none: '无', pending: '待审核', paid: '已打款', ...ROLE_TEXT, true: '是', false: '否' }
// Bookings and applications name their states in their own words (paid is 已预约 there, not 已打款).
const VALUE_OF_TARGET: Record<string, Record<string, string>> = {
  service_order: { unpaid: '待支付', paid: '已预约', done: '已完成', cancelled: '已取消', processing: '退款中', refunded: '已退款', none: '无' },
  certificate_application: { reviewing: '待审核', approved: '已通过', rejected: '已驳回', processing: '退款中', refunded: '已退款', none: '无' }
}
VALUE_OF_TARGET.membership_application = VALUE_OF_TARGET.certificate_application
VALUE_OF_TARGET.activity_signup = { unpaid: '待支付', signed: '已报名', cancelled: '已取消', processing: '退款中', refunded: '已退款', none: '无', true: '是', false: '否' }
const shown = (v: unknown, words = VALUE) => (v === '' || v == null ? '空' : (words[String(v)] ?? String(v)))

/** What changed, field by field: 字段：旧 → 新 (a created record lists its fields). */
function Changes({ before, after, target }: { before: unknown; after: unknown; target: string }) {
  const words = { ...VALUE, ...VALUE_OF_TARGET[target] }
  const b = (before ?? {}) as Record<string, unknown>
  const a = (after ?? {}) as Record<string, unknown>
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]) && !['operator_id', 'created_at', 'last_login_at'].includes(k))
  if (!keys.length) return <Typography.Text type="secondary">-</Typography.Text>
  return (
    <>
      {keys.map((k) => (
        <div key={k}>
          {(target in VALUE_OF_TARGET && k === 'refund_status' ? '退款' : FIELD[k]) ?? k}：{k in b ? `${shown(b[k], words)} → ` : ''}
          <b>{k in a ? shown(a[k], words) : '删除'}</b>
        </div>
      ))}
    </>
  )
}

/** Every console write: who, what, which record, before and after. */
export default function AuditLog() {
  const columns: ProColumns<AdminAuditRow>[] = [
    { title: '时间', dataIndex: 'created_at', search: false, width: 150, render: (_, r) => time(r.created_at) },
    { title: '日期', dataIndex: 'date', valueType: 'dateRange', hideInTable: true },
    { title: '操作员ID', dataIndex: 'operator_id', hideInTable: true },
    { title: '操作员', dataIndex: 'operator_name', search: false, width: 110 },
    { title: '操作', dataIndex: 'action', valueType: 'select', valueEnum: Object.fromEntries(Object.entries(ACTION_TEXT).map(([k, v]) => [k, { text: v }])), width: 120 },
    { title: '对象类型', dataIndex: 'target_type', valueType: 'select', valueEnum: { order: { text: '订单' }, withdrawal: { text: '提现' }, operator: { text: '操作员' }, service_order: { text: '服务预约' }, certificate_application: { text: '证书申请' }, membership_application: { text: '入会申请' }, activity_signup: { text: '活动报名' } }, width: 90 },
    { title: '对象', dataIndex: 'target_id', width: 180 },
    { title: '变更', dataIndex: 'after', search: false, render: (_, r) => <Changes before={r.before} after={r.after} target={r.target_type} /> },
    { title: 'IP', dataIndex: 'ip', search: false, width: 110 }
  ]
  return (
    <PageContainer title="操作日志">
      <ProTable<AdminAuditRow>
        rowKey="id"
        columns={columns}
        search={{ labelWidth: 'auto' }}
        pagination={{ defaultPageSize: 20 }}
        request={async ({ current, pageSize, date, ...rest }) => {
          const data = await api.get<Paged<AdminAuditRow>>('/audit/lists', { ...rest, date_from: date?.[0], date_to: date?.[1], page: current, per_page: pageSize })
          return { data: data.list, total: data.total, success: true }
        }}
      />
    </PageContainer>
  )
}
