import { DownloadOutlined, UploadOutlined } from '@ant-design/icons'
import { type ActionType, PageContainer, type ProColumns, ProTable } from '@ant-design/pro-components'
import type { Paged } from '@contract'
import type { AdminOrderListItem, AdminOrderQuery } from '@contract/admin'
import { App, Button, Popconfirm, Space, Tag } from 'antd'
import { useRef, useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'

import { api, downloadUrl } from '../../api/client'
import { ORDER_STATUS, REFUND_STATUS, time, yuan } from '../../format'
import { useSession } from '../../session'
import { BatchShipModal } from './BatchShipModal'
import { PackingSlipsModal } from './PackingSlips'
import { ShipModal } from './ShipModal'
import { WechatShippingTag } from './WechatShippingCard'

const statusEnum = Object.fromEntries(Object.entries(ORDER_STATUS).map(([k, v]) => [k, { text: v.text }]))

export default function OrderList() {
  const { can } = useSession()
  const { message } = App.useApp()
  const [params] = useSearchParams()
  const table = useRef<ActionType>()
  const [shipping, setShipping] = useState<AdminOrderListItem | null>(null)
  const [batch, setBatch] = useState(false)
  const [selected, setSelected] = useState<number[]>([])
  const [printing, setPrinting] = useState<number[]>([])
  const [filter, setFilter] = useState<AdminOrderQuery>({})

  const close = async (o: AdminOrderListItem) => {
    try {
      await api.post('/order/close', { order_id: o.order_id, updated_at: o.updated_at })
      message.success('订单已关闭')
      table.current?.reload()
    } catch (e) {
      message.error((e as Error).message)
    }
  }

  const columns: ProColumns<AdminOrderListItem>[] = [
    {
      title: '订单号',
      dataIndex: 'order_no',
      copyable: true,
      width: 220,
      render: (_, o) => <Link to={`/orders/${o.order_id}`}>{o.order_no}</Link>
    },
    { title: '用户', dataIndex: 'user', hideInTable: true, fieldProps: { placeholder: '用户ID / 完整手机号 / 昵称' } },
    {
      title: '收货 / 商品',
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: '收货人全名 / 完整收货手机号 / 商品名' }
    },
    {
      title: '用户',
      dataIndex: 'nickname',
      search: false,
      width: 150,
      ellipsis: true,
      render: (_, o) => `${o.nickname || '-'}（${o.user_id}）`
    },
    { title: '商品', dataIndex: 'goods_summary', search: false, ellipsis: true, width: 200 },
    { title: '件数', dataIndex: 'quantity', search: false, width: 60 },
    { title: '实付', dataIndex: 'pay_amount', search: false, width: 100, render: (_, o) => yuan(o.pay_amount) },
    {
      title: '状态',
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: statusEnum,
      width: 170,
      render: (_, o) => (
        <>
          <Tag color={ORDER_STATUS[o.status].color}>{ORDER_STATUS[o.status].text}</Tag>
          <WechatShippingTag state={o.wechat_shipping_state} shipped={o.status !== 'to_ship'} />
        </>
      )
    },
    {
      title: '售后',
      dataIndex: 'refund_status',
      valueType: 'select',
      valueEnum: Object.fromEntries(Object.entries(REFUND_STATUS).map(([k, v]) => [k, { text: v.text }])),
      width: 110,
      render: (_, o) =>
        o.refund_status === 'none' ? (
          '-'
        ) : (
          <Tag color={REFUND_STATUS[o.refund_status].color}>{REFUND_STATUS[o.refund_status].text}</Tag>
        )
    },
    {
      title: '物流',
      dataIndex: 'express_no',
      search: false,
      width: 190,
      ellipsis: true,
      render: (_, o) => (o.express_no ? `${o.express_company} ${o.express_no}` : '-')
    },
    { title: '下单时间', dataIndex: 'created_at', search: false, width: 150, render: (_, o) => time(o.created_at) },
    { title: '下单日期', dataIndex: 'date', valueType: 'dateRange', hideInTable: true },
    {
      title: '操作',
      valueType: 'option',
      width: 120,
      fixed: 'right',
      render: (_, o) => (
        <Space>
          <Link to={`/orders/${o.order_id}`}>详情</Link>
          {can('order.ship') && o.status === 'to_ship' && o.refund_status !== 'applied' && (
            <a onClick={() => setShipping(o)}>发货</a>
          )}
          {can('order.close') && o.status === 'to_pay' && (
            <Popconfirm title="关闭这笔待付款订单？库存和优惠券将退回" onConfirm={() => close(o)}>
              <a>关闭</a>
            </Popconfirm>
          )}
        </Space>
      )
    }
  ]

  return (
    <PageContainer title="订单管理">
      <ProTable<AdminOrderListItem>
        rowKey="order_id"
        actionRef={table}
        columns={columns}
        form={{
          initialValues: {
            status: params.get('status') ?? undefined,
            refund_status: params.get('refund_status') ?? undefined
          }
        }}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        scroll={{ x: 1470 }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true, pageSizeOptions: [10, 20, 50] }}
        request={async ({ current, pageSize, date, ...rest }) => {
          const query: AdminOrderQuery = { ...rest, date_from: date?.[0], date_to: date?.[1] }
          setFilter(query)
          const data = await api.get<Paged<AdminOrderListItem>>('/order/lists', {
            ...query,
            page: current,
            per_page: pageSize
          })
          return { data: data.list, total: data.total, success: true }
        }}
        rowSelection={
          can('order.ship')
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }
            : undefined
        }
        tableAlertOptionRender={() => (
          <Button type="link" size="small" onClick={() => setPrinting(selected.slice(0, 50))}>
            打印发货单{selected.length > 50 ? '（前 50 个）' : ''}
          </Button>
        )}
        toolBarRender={() => [
          can('order.ship') && (
            <Button key="batch" icon={<UploadOutlined />} onClick={() => setBatch(true)}>
              批量发货
            </Button>
          ),
          <Button key="export" icon={<DownloadOutlined />} href={downloadUrl('/order/export', { ...filter })}>
            导出 CSV
          </Button>
        ]}
      />
      <ShipModal
        order={shipping}
        onClose={() => setShipping(null)}
        onShipped={() => {
          setShipping(null)
          table.current?.reload()
        }}
      />
      <PackingSlipsModal ids={printing} onClose={() => setPrinting([])} />
      <BatchShipModal open={batch} onClose={() => setBatch(false)} onDone={() => table.current?.reload()} />
    </PageContainer>
  )
}
