import { type ActionType, type ProColumns, ProTable } from '@ant-design/pro-components'
import type { Paged } from '@contract'
import { Input, Space } from 'antd'
import { type MutableRefObject, type ReactNode, useState } from 'react'

import { api } from '../api/client'

/**
 * A queue of requests by status (after-sales, withdrawals, applications, bookings): one tab per status,
 * an optional search, pages of 20 from `path` ({status, keyword, page, per_page}). The screen keeps the tab
 * (its columns depend on it) and decides through `DecisionLinks` and `DecisionModal`.
 */
export function DecisionQueue<T extends object, S extends string>(props: {
  path: string
  rowKey: keyof T & string
  columns: ProColumns<T>[]
  statuses: Record<S, { text: string }>
  tab: S
  onTab: (tab: S) => void
  tableRef: MutableRefObject<ActionType | undefined>
  search?: { placeholder: string; width: number }
  expandedRowRender?: (row: T) => ReactNode
  /** A wide queue scrolls sideways from this width instead of squeezing its columns. */
  scrollX?: number
}) {
  const [keyword, setKeyword] = useState('')
  return (
    <ProTable<T>
      rowKey={props.rowKey}
      actionRef={props.tableRef}
      columns={props.columns}
      search={false}
      scroll={props.scrollX ? { x: props.scrollX } : undefined}
      params={{ status: props.tab, keyword }}
      expandable={props.expandedRowRender ? { expandedRowRender: props.expandedRowRender } : undefined}
      toolbar={{
        menu: {
          type: 'tab',
          activeKey: props.tab,
          items: (Object.entries(props.statuses) as [S, { text: string }][]).map(([key, v]) => ({
            key,
            label: v.text
          })),
          onChange: (key) => props.onTab(key as S)
        },
        search: props.search && (
          <Input.Search
            allowClear
            placeholder={props.search.placeholder}
            onSearch={setKeyword}
            style={{ width: props.search.width }}
          />
        )
      }}
      pagination={{ defaultPageSize: 20 }}
      request={async ({ current, pageSize, status, keyword: k }) => {
        const data = await api.get<Paged<T>>(props.path, { status, keyword: k, page: current, per_page: pageSize })
        return { data: data.list, total: data.total, success: true }
      }}
    />
  )
}

/** A row's two decisions: the approving one (left out when `approve` is empty) and the refusing one in red. */
export function DecisionLinks({
  approve,
  reject,
  onDecide
}: {
  approve?: string
  reject: string
  onDecide: (approve: boolean) => void
}) {
  return (
    <Space>
      {approve && <a onClick={() => onDecide(true)}>{approve}</a>}
      <a style={{ color: '#cf1322' }} onClick={() => onDecide(false)}>
        {reject}
      </a>
    </Space>
  )
}
