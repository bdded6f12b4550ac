import { type ActionType, ProTable } from '@ant-design/pro-components'
import type { Paged } from '@contract'
import type { AdminAuditRow } from '@contract/admin'
import type { MutableRefObject } from 'react'

import { api } from '../api/client'
import { time } from '../format'
import { Changes } from './Changes'

/**
 * A settings screen's 修改记录: its audit rows from `path` (who, when, before → after), ten a page.
 * `what` names the changed thing in the screen's own words.
 */
export function ChangeHistory({
  path,
  actionRef,
  what
}: {
  path: string
  actionRef: MutableRefObject<ActionType | undefined>
  what: { title: string; render: (r: AdminAuditRow) => string }
}) {
  return (
    <ProTable<AdminAuditRow>
      headerTitle="修改记录"
      rowKey="id"
      actionRef={actionRef}
      search={false}
      options={false}
      pagination={{ defaultPageSize: 10 }}
      columns={[
        { title: '时间', dataIndex: 'created_at', width: 150, render: (_, r) => time(r.created_at) },
        { title: '操作员', dataIndex: 'operator_name', width: 110 },
        { title: what.title, dataIndex: 'target_id', width: 170, render: (_, r) => what.render(r) },
        { title: '变更', dataIndex: 'after', render: (_, r) => <Changes before={r.before} after={r.after} /> }
      ]}
      request={async ({ current, pageSize }) => {
        const page = await api.get<Paged<AdminAuditRow>>(path, { page: current ?? 1, per_page: pageSize ?? 10 })
        return { data: page.list, total: page.total, success: true }
      }}
    />
  )
}
