import { type ActionType, PageContainer, type ProColumns } from '@ant-design/pro-components'
import type { AdminRefundItem } from '@contract/admin'
import { App } from 'antd'
import { useRef, useState } from 'react'
import { Link } from 'react-router-dom'

import { api } from '../api/client'
import { DecisionModal } from '../components/DecisionModal'
import { DecisionLinks, DecisionQueue } from '../components/DecisionQueue'
import { ORDER_STATUS, time, yuan } from '../format'
import { useSession } from '../session'

type Tab = 'applied' | 'rejected' | 'refunded'
const TABS: Record<Tab, { text: string }> = {
  applied: { text: '待处理' },
  refunded: { text: '已退款' },
  rejected: { text: '已拒绝' }
}

/** After-sale applications of shop orders: approving refunds through the payment service. */
export default function Refunds() {
  const { can } = useSession()
  const { message } = App.useApp()
  const table = useRef<ActionType>()
  const [tab, setTab] = useState<Tab>('applied')
  const [deciding, setDeciding] = useState<{ item: AdminRefundItem; approve: boolean } | null>(null)

  const columns: ProColumns<AdminRefundItem>[] = [
    {
      title: '订单号',
      dataIndex: 'order_no',
      render: (_, r) => <Link to={`/orders/${r.order_id}`}>{r.order_no}</Link>
    },
    { title: '用户', dataIndex: 'nickname', render: (_, r) => `${r.nickname || '-'}（${r.user_id}）` },
    { title: '商品', dataIndex: 'goods_summary', ellipsis: true },
    { title: '实付', dataIndex: 'pay_amount', render: (_, r) => yuan(r.pay_amount) },
    {
      title: '发货',
      dataIndex: 'status',
      render: (_, r) => (r.status === 'to_ship' ? '未发货' : ORDER_STATUS[r.status].text)
    },
    { title: '退款原因', dataIndex: 'refund_reason', ellipsis: true },
    { title: '申请时间', dataIndex: 'refund_applied_at', render: (_, r) => time(r.refund_applied_at) },
    {
      title: '回复',
      dataIndex: 'refund_reply',
      hideInTable: tab === 'applied',
      render: (_, r) => r.refund_reply || '-'
    },
    {
      title: '操作',
      valueType: 'option',
      hideInTable: tab !== 'applied' || !can('refund.decide'),
      render: (_, r) => (
        <DecisionLinks approve="同意退款" reject="拒绝" onDecide={(approve) => setDeciding({ item: r, approve })} />
      )
    }
  ]

  return (
    <PageContainer title="售后处理">
      <DecisionQueue<AdminRefundItem, Tab>
        path="/refund/lists"
        rowKey="order_id"
        columns={columns}
        statuses={TABS}
        tab={tab}
        onTab={setTab}
        tableRef={table}
      />
      {deciding && (
        <DecisionModal
          open
          approve={deciding.approve}
          title={deciding.approve ? `同意退款 ${yuan(deciding.item.pay_amount)}，原路退回` : '拒绝退款申请'}
          label={deciding.approve ? '回复（选填）' : '拒绝理由'}
          onClose={() => setDeciding(null)}
          onSubmit={async (reply) => {
            await api.post('/refund/decide', {
              order_id: deciding.item.order_id,
              updated_at: deciding.item.updated_at,
              approve: deciding.approve,
              reply
            })
            message.success(deciding.approve ? '已同意退款，款项原路退回' : '已拒绝退款申请')
            table.current?.reload()
          }}
        />
      )}
    </PageContainer>
  )
}
