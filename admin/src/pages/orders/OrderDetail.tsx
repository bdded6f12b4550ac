import { PageContainer } from '@ant-design/pro-components'
import type { AdminOrderDetail } from '@contract/admin'
import { App, Button, Card, Descriptions, Empty, Image, Result, Skeleton, Space, Table, Tag, Timeline } from 'antd'
import { useCallback, useEffect, useState } from 'react'
import { useNavigate, useParams } from 'react-router-dom'

import { api } from '../../api/client'
import { ORDER_STATUS, PAYMENT_STATUS, REFUND_RECORD_STATUS, REFUND_STATUS, time, yuan } from '../../format'
import { useSession } from '../../session'
import { AfterSaleActions } from './AfterSaleActions'
import { AfterSaleReason } from './AfterSaleReason'
import { AddressModal, PriceModal, RemarkModal } from './OrderEditModals'
import { PackingSlipsModal } from './PackingSlips'
import { RefundModal } from './RefundModal'
import { ShipModal } from './ShipModal'
import { WechatShippingCard } from './WechatShippingCard'

export default function OrderDetail() {
  const { id } = useParams()
  const navigate = useNavigate()
  const { can } = useSession()
  const { message } = App.useApp()
  const [order, setOrder] = useState<AdminOrderDetail | null>(null)
  const [error, setError] = useState('')
  const [shipping, setShipping] = useState(false)
  const [refunding, setRefunding] = useState(false)
  const [printing, setPrinting] = useState(false)
  const [editing, setEditing] = useState<'remark' | 'address' | 'price' | null>(null)

  const load = useCallback(() => {
    setError('')
    api.get<AdminOrderDetail>('/order/detail', { order_id: id }).then(setOrder, (e: Error) => setError(e.message))
  }, [id])
  useEffect(load, [load])

  if (error)
    return (
      <Result status="warning" title="订单加载失败" subTitle={error} extra={<Button onClick={load}>重试</Button>} />
    )
  if (!order) return <Skeleton active style={{ padding: 24 }} />
  const s = ORDER_STATUS[order.status]
  const a = order.address
  return (
    <PageContainer
      title={`订单 ${order.order_no}`}
      onBack={() => navigate(-1)}
      tags={[
        <Tag key="s" color={s.color}>
          {s.text}
        </Tag>,
        // A refunded order's status already says 已退款: its refund tag would say it twice.
        ...(order.refund_status === 'none' || (order.refund_status === 'refunded' && order.status === 'refunded')
          ? []
          : [
              <Tag key="r" color={REFUND_STATUS[order.refund_status].color}>
                {REFUND_STATUS[order.refund_status].text}
              </Tag>
            ])
      ]}
      extra={
        <Space>
          {can('refund.decide') &&
            ['to_ship', 'to_receive', 'done'].includes(order.status) &&
            order.refund_status !== 'applied' &&
            order.refunded_amount < order.pay_amount && <Button onClick={() => setRefunding(true)}>发起退款</Button>}
          {can('order.ship') && ['to_ship', 'to_receive'].includes(order.status) && (
            <Button onClick={() => setPrinting(true)}>打印发货单</Button>
          )}
          {can('order.ship') && order.status === 'to_ship' && order.refund_status !== 'applied' && (
            <Button type="primary" onClick={() => setShipping(true)}>
              发货
            </Button>
          )}
        </Space>
      }
    >
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Card title="订单信息">
          <Descriptions column={3} size="small">
            <Descriptions.Item label="用户">
              {`${order.nickname || '-'}（ID ${order.user_id}）` + `${order.mobile ? ' ' + order.mobile : ''}`}
            </Descriptions.Item>
            <Descriptions.Item label="下单时间">{time(order.created_at)}</Descriptions.Item>
            <Descriptions.Item label="支付时间">{time(order.paid_at)}</Descriptions.Item>
            <Descriptions.Item label="商品金额">{yuan(order.goods_amount)}</Descriptions.Item>
            <Descriptions.Item label="运费">{yuan(order.freight)}</Descriptions.Item>
            <Descriptions.Item label="优惠">
              {order.coupon_discount ? `-${yuan(order.coupon_discount)}（${order.coupon_name}）` : '-'}
            </Descriptions.Item>
            {order.price_adjust !== 0 && (
              <Descriptions.Item label="商家改价">
                {order.price_adjust > 0 ? '+' : '-'}
                {yuan(Math.abs(order.price_adjust))}
              </Descriptions.Item>
            )}
            <Descriptions.Item label={order.status === 'to_pay' ? '应付' : '实付'}>
              <Space>
                <b>{yuan(order.pay_amount)}</b>
                {can('order.ship') && order.status === 'to_pay' && (
                  <Button type="link" size="small" onClick={() => setEditing('price')}>
                    改价
                  </Button>
                )}
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label="买家留言">{order.remark || '-'}</Descriptions.Item>
            <Descriptions.Item label="商家备注">
              <Space>
                <span style={{ whiteSpace: 'pre-wrap' }}>{order.merchant_remark || '-'}</span>
                {can('order.ship') && (
                  <Button type="link" size="small" onClick={() => setEditing('remark')}>
                    {order.merchant_remark ? '修改' : '添加'}
                  </Button>
                )}
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label="关闭原因">{order.cancel_reason || '-'}</Descriptions.Item>
          </Descriptions>
        </Card>
        <Card
          title="收货与物流"
          extra={
            can('order.ship') && (order.status === 'to_pay' || order.status === 'to_ship') ? (
              <Button size="small" onClick={() => setEditing('address')}>
                修改地址
              </Button>
            ) : undefined
          }
        >
          <Descriptions column={2} size="small">
            <Descriptions.Item label="收货人">{`${a.name} ${a.mobile}`}</Descriptions.Item>
            <Descriptions.Item label="地址">{`${a.province}${a.city}${a.district}${a.detail}`}</Descriptions.Item>
            <Descriptions.Item label="物流">
              {order.parcels.length > 1
                ? `分拆发货，共 ${order.parcels.length} 个包裹`
                : order.express_no
                  ? `${order.express_company} ${order.express_no}`
                  : '未发货'}
            </Descriptions.Item>
            <Descriptions.Item label="发货时间">{time(order.shipped_at)}</Descriptions.Item>
            {order.parcels.length > 1 &&
              order.parcels.map((p, i) => (
                <Descriptions.Item key={p.express_no} label={`包裹 ${i + 1}`}>
                  {`${p.express_company} ${p.express_no}`}
                </Descriptions.Item>
              ))}
          </Descriptions>
        </Card>
        <WechatShippingCard order={order} onChange={load} />
        <Card title="商品">
          <Table
            rowKey="sku_id"
            size="small"
            pagination={false}
            dataSource={order.items}
            columns={[
              {
                title: '',
                dataIndex: 'image',
                width: 64,
                render: (src: string) => <Image src={src} width={48} height={48} style={{ objectFit: 'cover' }} />
              },
              { title: '商品', dataIndex: 'name' },
              { title: '规格', dataIndex: 'spec_text', render: (v: string) => v || '-' },
              { title: '单价', dataIndex: 'price', render: yuan },
              { title: '数量', dataIndex: 'quantity' },
              { title: '小计', dataIndex: 'amount', render: yuan }
            ]}
          />
        </Card>
        <Card title="支付与退款">
          <Table
            rowKey="out_trade_no"
            size="small"
            pagination={false}
            locale={{ emptyText: <Empty description="暂无支付记录" /> }}
            dataSource={order.payments}
            columns={[
              { title: '支付单号', dataIndex: 'out_trade_no' },
              {
                title: '渠道',
                dataIndex: 'provider',
                render: (v: string) => (v === 'wechat' ? '微信支付' : v === 'sandbox' ? '沙箱' : v)
              },
              { title: '金额', dataIndex: 'amount_fen', render: yuan },
              { title: '状态', dataIndex: 'status', render: (v: string) => PAYMENT_STATUS[v] ?? v },
              { title: '支付时间', dataIndex: 'paid_at', render: time }
            ]}
          />
          {order.after_sales.length > 0 && (
            <Table
              rowKey="after_sale_id"
              size="small"
              pagination={false}
              style={{ marginTop: 16 }}
              title={() => `售后（已退 ${yuan(order.refunded_amount)}）`}
              dataSource={order.after_sales}
              columns={[
                { title: '售后单号', dataIndex: 'after_sale_no' },
                {
                  title: '类型',
                  dataIndex: 'kind_text',
                  render: (v: string, r) => `${v}${r.by_shop ? '（商家发起）' : ''}`
                },
                {
                  title: '商品',
                  dataIndex: 'lines',
                  render: (_: unknown, r) => r.lines.map((l) => `${l.name} × ${l.quantity}`).join('，')
                },
                { title: '金额', dataIndex: 'amount', render: yuan },
                {
                  title: '原因',
                  dataIndex: 'reason',
                  render: (_: unknown, r) => <AfterSaleReason sale={r} />
                },
                { title: '状态', dataIndex: 'status_text' },
                {
                  title: '退货',
                  dataIndex: 'return_no',
                  render: (_: unknown, r) =>
                    r.return_no ? `${r.return_company} ${r.return_no}` : r.return_address ? '待买家寄回' : '-'
                },
                { title: '回复', dataIndex: 'reply', render: (v: string) => v || '-' },
                ...(can('refund.decide')
                  ? [
                      {
                        title: '操作',
                        dataIndex: 'after_sale_id',
                        render: (_: unknown, r: AdminOrderDetail['after_sales'][number]) => (
                          <AfterSaleActions sale={r} onDone={load} />
                        )
                      }
                    ]
                  : [])
              ]}
            />
          )}
          {order.refunds.length > 0 && (
            <Table
              rowKey="out_refund_no"
              size="small"
              pagination={false}
              style={{ marginTop: 16 }}
              dataSource={order.refunds}
              columns={[
                { title: '退款单号', dataIndex: 'out_refund_no' },
                { title: '金额', dataIndex: 'amount_fen', render: yuan },
                { title: '状态', dataIndex: 'status', render: (v: string) => REFUND_RECORD_STATUS[v] ?? v },
                { title: '原因', dataIndex: 'reason' },
                { title: '发起', dataIndex: 'created_at', render: time },
                { title: '完成', dataIndex: 'finished_at', render: time }
              ]}
            />
          )}
        </Card>
        <Card title="订单记录">
          <Timeline
            items={order.events.map((e) => ({
              children: `${time(e.created_at)}  ${e.title}${e.description ? '：' + e.description : ''}`
            }))}
          />
        </Card>
      </Space>
      <RemarkModal
        order={editing === 'remark' ? order : null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null)
          load()
        }}
      />
      <PriceModal
        order={editing === 'price' ? order : null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null)
          load()
        }}
      />
      <AddressModal
        order={editing === 'address' ? order : null}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null)
          load()
        }}
      />
      <PackingSlipsModal ids={printing ? [order.order_id] : []} onClose={() => setPrinting(false)} />
      <RefundModal
        order={refunding ? order : null}
        onClose={() => setRefunding(false)}
        onDone={() => {
          setRefunding(false)
          load()
        }}
      />
      <ShipModal
        order={shipping ? order : null}
        onClose={() => setShipping(false)}
        onShipped={() => {
          setShipping(false)
          message.info('已刷新订单')
          load()
        }}
      />
    </PageContainer>
  )
}
