import { type ActionType, PageContainer, type ProColumns } from '@ant-design/pro-components'
import type { AdminDeskStatus, AdminServiceBooking } from '@contract/admin'
import { App } from 'antd'
import { useRef, useState } from 'react'

import { api } from '../../api/client'
import { DecisionModal } from '../../components/DecisionModal'
import { DecisionQueue } from '../../components/DecisionQueue'
import { time } from '../../format'

const STATUS: Record<AdminDeskStatus, { text: string; color: string }> = {
  paid: { text: '待咨询', color: 'green' },
  done: { text: '已完成', color: 'blue' },
  cancelled: { text: '已取消', color: 'default' }
}

/** 我的预约: a teacher's own consultations, soonest first; the teacher marks one completed. */
export default function TeacherDesk() {
  const { message } = App.useApp()
  const table = useRef<ActionType>()
  const [tab, setTab] = useState<AdminDeskStatus>('paid')
  const [completing, setCompleting] = useState<AdminServiceBooking | null>(null)

  const columns: ProColumns<AdminServiceBooking>[] = [
    { title: '预约号', dataIndex: 'order_id', width: 80 },
    { title: '预约时间', dataIndex: 'starts_at', render: (_, r) => time(r.starts_at) },
    { title: '服务', dataIndex: 'service_title', ellipsis: true },
    { title: '联系人', dataIndex: 'name', render: (_, r) => `${r.name} ${r.mobile}` },
    { title: '备注', dataIndex: 'remark', ellipsis: true },
    {
      title: '完成时间',
      dataIndex: 'completed_at',
      hideInTable: tab !== 'done',
      render: (_, r) => time(r.completed_at)
    },
    {
      title: '取消原因',
      dataIndex: 'cancel_reason',
      hideInTable: tab !== 'cancelled',
      render: (_, r) => r.cancel_reason || '-'
    },
    {
      title: '操作',
      valueType: 'option',
      hideInTable: tab !== 'paid',
      render: (_, r) => <a onClick={() => setCompleting(r)}>标记完成</a>
    }
  ]

  return (
    <PageContainer title="我的预约" content="只显示您本人的咨询预约。咨询结束后请标记完成；如需取消，请联系运营。">
      <DecisionQueue<AdminServiceBooking, AdminDeskStatus>
        path="/desk/lists"
        rowKey="order_id"
        columns={columns}
        statuses={STATUS}
        tab={tab}
        onTab={setTab}
        tableRef={table}
      />
      {completing && (
        <DecisionModal
          open
          approve
          title={`确认 ${completing.name} 的「${completing.service_title}」已完成`}
          onClose={() => setCompleting(null)}
          onSubmit={async () => {
            await api.post('/desk/complete', { order_id: completing.order_id })
            message.success('已标记为已完成')
            table.current?.reload()
          }}
        />
      )}
    </PageContainer>
  )
}
