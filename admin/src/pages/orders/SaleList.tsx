import { type ActionType, PageContainer, type ProColumns, ProTable } from '@ant-design/pro-components'
import type { Paged } from '@contract'
import type { AdminSaleDetail, AdminSaleItem, AdminSaleQuery, AdminSaleStatus } from '@contract/admin'
import {
  Alert,
  App,
  Button,
  Card,
  Descriptions,
  Drawer,
  Input,
  Modal,
  Skeleton,
  Space,
  Table,
  Tag,
  Typography
} from 'antd'
import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router-dom'

import { api } from '../../api/client'
import { BIZ_TYPE_TEXT, PAYMENT_STATUS, REFUND_RECORD_STATUS, time, yuan } from '../../format'
import { useSession } from '../../session'

export const SALE_STATUS: Record<AdminSaleStatus, { text: string; color: string }> = {
  created: { text: '待支付', color: 'default' },
  paid: { text: '已支付', color: 'green' },
  partial: { text: '部分退款', color: 'orange' },
  closed: { text: '已关闭', color: 'default' },
  refunded: { text: '已退款', color: 'red' }
}

const PROVIDER_TEXT: Record<string, string> = { wechat: '微信支付', sandbox: '模拟支付' }

const typeEnum = Object.fromEntries(Object.entries(BIZ_TYPE_TEXT).map(([k, v]) => [k, { text: v }]))
const statusEnum = Object.fromEntries(Object.entries(SALE_STATUS).map(([k, v]) => [k, { text: v.text }]))

/**
 * A course sale's refund by 业务设置's policy: the button shows only when the server says the policy allows it now,
 * otherwise why not; a reason is asked for, and the sale comes back with the refund on it.
 */
function CourseRefund({ sale, onDone }: { sale: AdminSaleDetail; onDone: (s: AdminSaleDetail) => void }) {
  const { message } = App.useApp()
  const { can } = useSession()
  const [asking, setAsking] = useState(false)
  const [reason, setReason] = useState('')
  const [busy, setBusy] = useState(false)
  const check = sale.course_refund
  if (!check) return null
  const submit = async () => {
    if (!reason.trim()) return message.error('请填写退款原因')
    setBusy(true)
    try {
      const next = await api.post<AdminSaleDetail>('/sale/courseRefund', {
        payment_id: sale.payment_id,
        reason: reason.trim()
      })
      message.success(next.status === 'refunded' ? '已退款，学员的课程权限已收回' : '退款已提交，到账后收回课程权限')
      setAsking(false)
      onDone(next)
    } catch (e) {
      message.error((e as Error).message)
    } finally {
      setBusy(false)
    }
  }
  const terms = `已学 ${check.progress_percent}%` + (check.deadline ? `，退款期至 ${time(check.deadline)}` : '')
  return (
    <Card size="small" title="课程退款">
      {check.allowed ? (
        <Space>
          <Typography.Text>{`符合课程退款规则（${terms}）`}</Typography.Text>
          {can('refund.decide') && (
            <Button danger onClick={() => setAsking(true)}>
              退款
            </Button>
          )}
        </Space>
      ) : (
        <Typography.Text type="secondary">
          {sale.status === 'refunded' ? `不可退款：${check.reason}` : `不可退款：${check.reason}（${terms}）`}
        </Typography.Text>
      )}
      <Modal
        open={asking}
        title={`退款 ${yuan(sale.amount_fen)}`}
        okText="确认退款"
        okButtonProps={{ danger: true }}
        confirmLoading={busy}
        onOk={submit}
        onCancel={() => setAsking(false)}
        destroyOnClose
      >
        <Typography.Paragraph>全额原路退回；退款到账后，学员不能再学习该课程。</Typography.Paragraph>
        <Input.TextArea
          aria-label="退款原因"
          placeholder="退款原因（用户可见，最多 80 字）"
          maxLength={80}
          rows={3}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
    </Card>
  )
}

/** One sale: what was bought, by whom, every payment and refund of it, and where its business page is. */
export function SaleDrawer({ paymentId, onClose }: { paymentId: number | null; onClose: () => void }) {
  const { can } = useSession()
  const [sale, setSale] = useState<AdminSaleDetail | null>(null)
  const [error, setError] = useState('')
  useEffect(() => {
    setSale(null)
    setError('')
    if (paymentId)
      api
        .get<AdminSaleDetail>('/sale/detail', { payment_id: paymentId })
        .then(setSale, (e: Error) => setError(e.message))
  }, [paymentId])
  return (
    <Drawer open={Boolean(paymentId)} onClose={onClose} width={760} title="订单详情" destroyOnClose>
      {error ? (
        <Alert type="error" message={error} />
      ) : !sale ? (
        <Skeleton active />
      ) : (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label="类型">{BIZ_TYPE_TEXT[sale.biz_type]}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <Tag color={SALE_STATUS[sale.status].color}>{SALE_STATUS[sale.status].text}</Tag>
              {sale.biz_status && <span>业务状态：{sale.biz_status}</span>}
            </Descriptions.Item>
            <Descriptions.Item label="商户订单号">
              <Typography.Text copyable>{sale.out_trade_no}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="业务订单号">{sale.biz_no || '-'}</Descriptions.Item>
            <Descriptions.Item label="微信订单号">{sale.provider_txn_id || '-'}</Descriptions.Item>
            <Descriptions.Item label="支付方式">{PROVIDER_TEXT[sale.provider] ?? sale.provider}</Descriptions.Item>
            <Descriptions.Item label="金额">{yuan(sale.amount_fen)}</Descriptions.Item>
            <Descriptions.Item label="已退款">{sale.refunded_fen ? yuan(sale.refunded_fen) : '-'}</Descriptions.Item>
            <Descriptions.Item label="下单时间">{time(sale.created_at)}</Descriptions.Item>
            <Descriptions.Item label="支付时间">{time(sale.paid_at)}</Descriptions.Item>
            <Descriptions.Item label="用户">
              {can('user.view') ? (
                <Link to={`/users/${sale.user_id}`}>{`${sale.nickname || '-'}（ID ${sale.user_id}）`}</Link>
              ) : (
                `${sale.nickname || '-'}（ID ${sale.user_id}）`
              )}
            </Descriptions.Item>
            <Descriptions.Item label="手机号">{sale.mobile || '-'}</Descriptions.Item>
            {sale.receiver && (
              <Descriptions.Item label="收货人" span={2}>
                {`${sale.receiver.name} ${sale.receiver.mobile} ${sale.receiver.address}`}
              </Descriptions.Item>
            )}
            {sale.biz_link && (
              <Descriptions.Item label="业务页面" span={2}>
                <Link to={sale.biz_link}>{sale.biz_link_text}</Link>
              </Descriptions.Item>
            )}
          </Descriptions>
          <CourseRefund sale={sale} onDone={setSale} />
          <Card size="small" title="购买内容">
            <Table
              size="small"
              rowKey={(_, i) => String(i)}
              pagination={false}
              dataSource={sale.items}
              columns={[
                { title: '名称', dataIndex: 'name' },
                { title: '规格', dataIndex: 'spec_text', render: (v: string) => v || '-' },
                { title: '单价', dataIndex: 'price_fen', render: yuan },
                { title: '数量', dataIndex: 'quantity' },
                { title: '小计', dataIndex: 'amount_fen', render: yuan }
              ]}
            />
          </Card>
          <Card size="small" title="支付记录">
            <Table
              size="small"
              rowKey="payment_id"
              pagination={false}
              dataSource={sale.payments}
              columns={[
                { title: '商户订单号', dataIndex: 'out_trade_no' },
                { title: '微信订单号', dataIndex: 'provider_txn_id', render: (v: string) => v || '-' },
                { title: '金额', dataIndex: 'amount_fen', render: yuan },
                { title: '状态', dataIndex: 'status', render: (s: string) => PAYMENT_STATUS[s] ?? s },
                { title: '创建时间', dataIndex: 'created_at', render: time },
                { title: '支付时间', dataIndex: 'paid_at', render: time }
              ]}
            />
          </Card>
          <Card size="small" title="退款记录">
            <Table
              size="small"
              rowKey="out_refund_no"
              pagination={false}
              dataSource={sale.refunds}
              locale={{ emptyText: '没有退款' }}
              columns={[
                { title: '商户退款单号', dataIndex: 'out_refund_no' },
                { title: '微信退款单号', dataIndex: 'provider_refund_id', render: (v: string) => v || '-' },
                { title: '金额', dataIndex: 'amount_fen', render: yuan },
                {
                  title: '状态',
                  dataIndex: 'status',
                  render: (s: string, r) =>
                    (REFUND_RECORD_STATUS[s] ?? s) + (r.fail_reason ? `（${r.fail_reason}）` : '')
                },
                { title: '原因', dataIndex: 'reason', render: (v: string) => v || '-' },
                { title: '申请时间', dataIndex: 'created_at', render: time },
                { title: '完成时间', dataIndex: 'finished_at', render: time }
              ]}
            />
          </Card>
        </Space>
      )}
    </Drawer>
  )
}

/** The list of sales of every type; with `userId`, one user's (the user's page), without the user filter. */
export function SaleTable({ userId }: { userId?: number }) {
  const table = useRef<ActionType>()
  const [open, setOpen] = useState<number | null>(null)
  const columns: ProColumns<AdminSaleItem>[] = [
    {
      title: '订单号',
      dataIndex: 'order_no',
      width: 230,
      fieldProps: { placeholder: '商户订单号 / 商城订单号 / 微信订单号' },
      render: (_, s) => (
        <Space direction="vertical" size={0}>
          <a onClick={() => setOpen(s.payment_id)}>{s.out_trade_no}</a>
          {s.biz_no && <Typography.Text type="secondary">{s.biz_no}</Typography.Text>}
        </Space>
      )
    },
    ...(userId
      ? []
      : ([
          {
            title: '用户',
            dataIndex: 'user',
            hideInTable: true,
            fieldProps: { placeholder: '用户ID / 完整手机号 / 昵称' }
          }
        ] as ProColumns<AdminSaleItem>[])),
    {
      title: '收货 / 商品 / 课程',
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: '收货人全名 / 完整收货手机号 / 商品名 / 课程名' }
    },
    {
      title: '类型',
      dataIndex: 'biz_type',
      valueType: 'select',
      valueEnum: typeEnum,
      width: 70,
      render: (_, s) => BIZ_TYPE_TEXT[s.biz_type]
    },
    { title: '内容', dataIndex: 'title', search: false, ellipsis: true, width: 200 },
    ...(userId
      ? []
      : ([
          {
            title: '用户',
            dataIndex: 'nickname',
            search: false,
            width: 150,
            ellipsis: true,
            render: (_, s) => `${s.nickname || '-'}（${s.user_id}）`
          }
        ] as ProColumns<AdminSaleItem>[])),
    {
      title: '金额',
      dataIndex: 'amount_fen',
      search: false,
      width: 110,
      render: (_, s) => (
        <Space direction="vertical" size={0}>
          {yuan(s.amount_fen)}
          {s.refunded_fen > 0 && <Typography.Text type="danger">退 {yuan(s.refunded_fen)}</Typography.Text>}
        </Space>
      )
    },
    {
      title: '状态',
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: statusEnum,
      width: 100,
      render: (_, s) => (
        <>
          <Tag color={SALE_STATUS[s.status].color}>{SALE_STATUS[s.status].text}</Tag>
          {s.refunding_fen > 0 && <Tag color="processing">退款中</Tag>}
        </>
      )
    },
    { title: '支付时间', dataIndex: 'paid_at', search: false, width: 150, render: (_, s) => time(s.paid_at) },
    { title: '支付日期', dataIndex: 'date', valueType: 'dateRange', hideInTable: true },
    {
      title: '操作',
      valueType: 'option',
      width: 70,
      fixed: 'right',
      render: (_, s) => <a onClick={() => setOpen(s.payment_id)}>详情</a>
    }
  ]
  return (
    <>
      <ProTable<AdminSaleItem>
        rowKey="payment_id"
        actionRef={table}
        columns={columns}
        search={{ labelWidth: 'auto', defaultCollapsed: Boolean(userId) }}
        scroll={{ x: 1100 }}
        pagination={{ defaultPageSize: userId ? 10 : 20, showSizeChanger: true, pageSizeOptions: [10, 20, 50, 100] }}
        request={async ({ current, pageSize, date, ...rest }) => {
          const query: AdminSaleQuery = {
            ...rest,
            ...(userId ? { user_id: userId } : {}),
            date_from: date?.[0],
            date_to: date?.[1]
          }
          const data = await api.get<Paged<AdminSaleItem>>('/sale/lists', {
            ...query,
            page: current,
            per_page: pageSize
          })
          return { data: data.list, total: data.total, success: true }
        }}
      />
      <SaleDrawer paymentId={open} onClose={() => setOpen(null)} />
    </>
  )
}

/** 全部订单: every sale — shop orders, courses, reports, services, activities, certificates, dues — in one list. */
export default function SaleList() {
  return (
    <PageContainer title="全部订单" subTitle="所有业务的支付订单，金额单位为元">
      <SaleTable />
    </PageContainer>
  )
}
