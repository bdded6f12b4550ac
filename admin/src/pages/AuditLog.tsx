import { PageContainer, ProTable, type ProColumns } from '@ant-design/pro-components'
import { Typography } from 'antd'
import type { AdminAuditRow } from '../../../src/api/contracts/admin'
import type { Paged } from '../../../src/api/contract'
import { api } from '../api/client'
import { ACTION_TEXT, time } from '../format'

const json = (v: unknown) => (v == null ? '-' : <Typography.Text code style={{ whiteSpace: 'pre-wrap', fontSize: 12 }}>{JSON.stringify(v)}</Typography.Text>)

/** Every console write: who, what, which record, before and after. */
export default function AuditLog() {
  const columns: ProColumns<AdminAuditRow>[] = [
    { title: '时间', dataIndex: 'created_at', search: false, width: 150, render: (_, r) => time(r.created_at) },
    { title: '日期', dataIndex: 'date', valueType: 'dateRange', hideInTable: true },
    { title: '操作员ID', dataIndex: 'operator_id', hideInTable: true },
    { title: '操作员', dataIndex: 'operator_name', search: false, width: 110 },
    { title: '操作', dataIndex: 'action', valueType: 'select', valueEnum: Object.fromEntries(Object.entries(ACTION_TEXT).map(([k, v]) => [k, { text: v }])), width: 120 },
    { title: '对象类型', dataIndex: 'target_type', valueType: 'select', valueEnum: { order: { text: '订单' }, withdrawal: { text: '提现' }, operator: { text: '操作员' } }, width: 90 },
    { title: '对象', dataIndex: 'target_id', width: 180 },
    { title: '修改前', dataIndex: 'before', search: false, render: (_, r) => json(r.before) },
    { title: '修改后', dataIndex: 'after', search: false, render: (_, r) => json(r.after) },
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
