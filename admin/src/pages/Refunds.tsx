import { type ActionType, PageContainer, type ProColumns } from '@ant-design/pro-components'
import type { AdminRefundItem } from '@contract/admin'
import { Tag } from 'antd'
import { useRef, useState } from 'react'
import { Link } from 'react-router-dom'

import { DecisionQueue } from '../components/DecisionQueue'
import { ORDER_STATUS, time, yuan } from '../format'
import { useSession } from '../session'
import { AfterSaleActions } from './orders/AfterSaleActions'
import { AfterSaleReason } from './orders/AfterSaleReason'

type Tab = 'open' | 'refunded' | 'rejected' | 'cancelled' | 'all'
const TABS: Record<Tab, { text: string }> = {
  open: { text: '处理中' },
  refunded: { text: '已退款' },
  rejected: { text: '已拒绝' },
  cancelled: { text: '已撤销' },
  all: { text: '全部' }
}
const STATUS_COLOR: Record<string, string> = {
  applied: 'orange',
  awaiting_return: 'blue',
  returning: 'purple',
  refunding: 'cyan',
  refunded: 'green',
  rejected: 'red',
  cancelled: 'default'
}

/** 售后: 仅退款 and 退货退款 of shop orders, each moved on by its next step; the money goes through the payment service. */
export default function Refunds() {
  const { can } = useSession()
  const table = useRef<ActionType>()
  const [tab, setTab] = useState<Tab>('open')

  const columns: ProColumns<AdminRefundItem>[] = [
    { title: '售后单号', dataIndex: ['after_sale', 'after_sale_no'], width: 210 },
    {
      title: '订单号',
      dataIndex: 'order_no',
      width: 210,
      render: (_, r) => <Link to={`/orders/${r.order_id}`}>{r.order_no}</Link>
    },
    { title: '用户', dataIndex: 'nickname', render: (_, r) => `${r.nickname || '-'}（${r.user_id}）` },
    {
      title: '类型',
      dataIndex: ['after_sale', 'kind_text'],
      render: (_, r) => `${r.after_sale.kind_text}${r.after_sale.by_shop ? '（商家发起）' : ''}`
    },
    {
      title: '商品',
      dataIndex: ['after_sale', 'lines'],
      ellipsis: true,
      render: (_, r) => r.after_sale.lines.map((l) => `${l.name} × ${l.quantity}`).join('，')
    },
    { title: '退款金额', dataIndex: ['after_sale', 'amount'], render: (_, r) => yuan(r.after_sale.amount) },
    {
      title: '订单',
      dataIndex: 'status',
      render: (_, r) => (r.status === 'to_ship' ? '未发货' : ORDER_STATUS[r.status].text)
    },
    {
      title: '原因',
      dataIndex: ['after_sale', 'reason'],
      render: (_, r) => <AfterSaleReason sale={r.after_sale} />
    },
    {
      title: '状态',
      dataIndex: ['after_sale', 'status_text'],
      render: (_, r) => <Tag color={STATUS_COLOR[r.after_sale.status]}>{r.after_sale.status_text}</Tag>
    },
    {
      title: '退货物流',
      dataIndex: ['after_sale', 'return_no'],
      render: (_, r) => (r.after_sale.return_no ? `${r.after_sale.return_company} ${r.after_sale.return_no}` : '-')
    },
    { title: '申请时间', dataIndex: ['after_sale', 'created_at'], render: (_, r) => time(r.after_sale.created_at) },
    {
      title: '回复',
      dataIndex: ['after_sale', 'reply'],
      hideInTable: tab === 'open',
      render: (_, r) => r.after_sale.reply || '-'
    },
    {
      title: '操作',
      valueType: 'option',
      width: 190,
      fixed: 'right',
      hideInTable: !can('refund.decide'),
      render: (_, r) => <AfterSaleActions sale={r.after_sale} onDone={() => table.current?.reload()} />
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
        search={{ placeholder: '订单号或售后单号', width: 240 }}
        scrollX={1600}
      />
    </PageContainer>
  )
}
