import { PageContainer, type ProColumns, ProTable } from '@ant-design/pro-components'
import type { Paged } from '@contract'
import type { AdminAuditRow } from '@contract/admin'

import { api } from '../api/client'
import { Changes } from '../components/Changes'
import { ACTION_TEXT, TARGET_TEXT, time } from '../format'

/** Every console write: who, what, which record, before and after. */
export default function AuditLog() {
  const columns: ProColumns<AdminAuditRow>[] = [
    { title: '时间', dataIndex: 'created_at', search: false, width: 150, render: (_, r) => time(r.created_at) },
    { title: '日期', dataIndex: 'date', valueType: 'dateRange', hideInTable: true },
    { title: '操作员ID', dataIndex: 'operator_id', hideInTable: true },
    { title: '操作员', dataIndex: 'operator_name', search: false, width: 110 },
    {
      title: '操作',
      dataIndex: 'action',
      valueType: 'select',
      valueEnum: Object.fromEntries(Object.entries(ACTION_TEXT).map(([k, v]) => [k, { text: v }])),
      width: 120
    },
    {
      title: '对象类型',
      dataIndex: 'target_type',
      valueType: 'select',
      valueEnum: Object.fromEntries(Object.entries(TARGET_TEXT).map(([k, v]) => [k, { text: v }])),
      width: 90
    },
    { title: '对象', dataIndex: 'target_id', width: 180 },
    {
      title: '变更',
      dataIndex: 'after',
      search: false,
      render: (_, r) => <Changes before={r.before} after={r.after} target={r.target_type} />
    },
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
          const data = await api.get<Paged<AdminAuditRow>>('/audit/lists', {
            ...rest,
            date_from: date?.[0],
            date_to: date?.[1],
            page: current,
            per_page: pageSize
          })
          return { data: data.list, total: data.total, success: true }
        }}
      />
    </PageContainer>
  )
}
