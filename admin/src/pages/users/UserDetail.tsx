import { PageContainer, StatisticCard } from '@ant-design/pro-components'
import type { AdminUserDetail, AdminUserItem } from '@contract/admin'
import { App, Button, Card, Descriptions, Result, Skeleton, Space, Table, type TableColumnsType, Tabs, Tag } from 'antd'
import { useCallback, useEffect, useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router-dom'

import { api } from '../../api/client'
import { DecisionModal } from '../../components/DecisionModal'
import { ORDER_STATUS, REFUND_STATUS, time, yuan } from '../../format'
import { useSession } from '../../session'
import { SaleTable } from '../orders/SaleList'
import { UserStatus } from './UserStatus'

const GENDER = ['未知', '男', '女']
const BOOKING_STATUS: Record<string, string> = { unpaid: '待支付', paid: '已支付', cancelled: '已取消' }
const LOG_TYPE: Record<string, string> = {
  commission: '佣金',
  refund: '退款扣回',
  withdraw: '提现',
  withdraw_return: '提现退回'
}
const LOG_STATUS: Record<string, string> = {
  frozen: '冻结中',
  available: '已到账',
  cancelled: '已取消',
  reversed: '已扣回',
  pending: '审核中',
  paid: '已打款',
  rejected: '已驳回'
}

/** A tab holding one of the account's lists (its latest rows) with the list's total in the label. */
function listTab<T extends object>(
  key: string,
  label: string,
  list: { total: number; list: T[] },
  rowKey: string,
  columns: TableColumnsType<T>
) {
  return {
    key,
    label: `${label}（${list.total}）`,
    children: <Table<T> rowKey={rowKey} size="small" pagination={false} dataSource={list.list} columns={columns} />
  }
}

/** One app account: profile, orders, bookings, wallet, referrer and referees; disable or enable it. */
export default function UserDetail() {
  const { id } = useParams()
  const navigate = useNavigate()
  const { can } = useSession()
  const { message } = App.useApp()
  const [user, setUser] = useState<AdminUserDetail | null>(null)
  const [error, setError] = useState('')
  const [changing, setChanging] = useState(false)

  const load = useCallback(() => {
    setError('')
    api.get<AdminUserDetail>('/user/detail', { user_id: id }).then(setUser, (e: Error) => setError(e.message))
  }, [id])
  useEffect(load, [load])

  if (error)
    return (
      <Result status="warning" title="用户加载失败" subTitle={error} extra={<Button onClick={load}>重试</Button>} />
    )
  if (!user) return <Skeleton active style={{ padding: 24 }} />
  const w = user.wallet
  return (
    <PageContainer
      title={`${user.nickname || '用户'}（ID ${user.user_id}）`}
      onBack={() => navigate(-1)}
      tags={<UserStatus user={user} />}
      extra={
        can('user.disable') && !user.deleted ? (
          <Button
            danger={!user.disabled}
            type={user.disabled ? 'primary' : 'default'}
            onClick={() => setChanging(true)}
          >
            {user.disabled ? '启用账号' : '停用账号'}
          </Button>
        ) : undefined
      }
    >
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Card title="基本信息">
          <Descriptions column={3} size="small">
            <Descriptions.Item label="手机号">{user.mobile || '未绑定'}</Descriptions.Item>
            <Descriptions.Item label="性别">{GENDER[user.gender] ?? '未知'}</Descriptions.Item>
            <Descriptions.Item label="生日">{user.birthday || '-'}</Descriptions.Item>
            <Descriptions.Item label="注册时间">{time(user.created_at)}</Descriptions.Item>
            <Descriptions.Item label="登录设备">{user.sessions}</Descriptions.Item>
            <Descriptions.Item label="推荐人">
              {user.referrer ? (
                <Link
                  to={`/users/${user.referrer.user_id}`}
                >{`${user.referrer.nickname || '-'}（ID ${user.referrer.user_id}）`}</Link>
              ) : (
                '无'
              )}
            </Descriptions.Item>
          </Descriptions>
        </Card>
        <StatisticCard.Group direction="row" title="钱包">
          <StatisticCard statistic={{ title: '可提现', value: yuan(w.available_fen) }} />
          <StatisticCard statistic={{ title: '冻结中', value: yuan(w.frozen_fen) }} />
          <StatisticCard statistic={{ title: '累计收益', value: yuan(w.total_earned_fen) }} />
          <StatisticCard statistic={{ title: '已提现', value: yuan(w.withdrawn_fen) }} />
          <StatisticCard statistic={{ title: '待抵扣', value: yuan(w.owed_fen) }} />
        </StatisticCard.Group>
        {can('order.view') && (
          <Card title="全部订单" styles={{ body: { padding: 0 } }}>
            <SaleTable userId={user.user_id} />
          </Card>
        )}
        <Card>
          <Tabs
            items={[
              listTab('orders', '商城订单', user.orders, 'order_id', [
                {
                  title: '订单号',
                  dataIndex: 'order_no',
                  render: (v: string, o) => (can('order.view') ? <Link to={`/orders/${o.order_id}`}>{v}</Link> : v)
                },
                { title: '商品', dataIndex: 'goods_summary' },
                { title: '实付', dataIndex: 'pay_amount', render: yuan },
                {
                  title: '状态',
                  dataIndex: 'status',
                  render: (_: unknown, o) => (
                    <Tag color={ORDER_STATUS[o.status].color}>{ORDER_STATUS[o.status].text}</Tag>
                  )
                },
                {
                  title: '售后',
                  dataIndex: 'refund_status',
                  render: (_: unknown, o) => (o.refund_status === 'none' ? '-' : REFUND_STATUS[o.refund_status].text)
                },
                { title: '下单时间', dataIndex: 'created_at', render: time }
              ]),
              listTab('bookings', '服务预约', user.bookings, 'id', [
                { title: '服务', dataIndex: 'service' },
                { title: '老师', dataIndex: 'teacher' },
                { title: '预约时间', dataIndex: 'starts_at', render: time },
                { title: '金额', dataIndex: 'amount_fen', render: yuan },
                { title: '状态', dataIndex: 'status', render: (s: string) => BOOKING_STATUS[s] ?? s },
                { title: '下单时间', dataIndex: 'created_at', render: time }
              ]),
              listTab('wallet', '钱包明细', user.wallet_logs, 'id', [
                { title: '类型', dataIndex: 'type', render: (t: string) => LOG_TYPE[t] ?? t },
                { title: '说明', dataIndex: 'title' },
                {
                  title: '金额',
                  dataIndex: 'amount_fen',
                  render: (f: number) => (
                    <span style={{ color: f < 0 ? '#cf1322' : '#389e0d' }}>{(f > 0 ? '+' : '') + yuan(f)}</span>
                  )
                },
                { title: '状态', dataIndex: 'status', render: (s: string) => LOG_STATUS[s] ?? (s || '-') },
                { title: '时间', dataIndex: 'created_at', render: time }
              ]),
              listTab('referees', '推荐的好友', user.referees, 'user_id', [
                { title: 'ID', dataIndex: 'user_id' },
                {
                  title: '昵称',
                  dataIndex: 'nickname',
                  render: (v: string, r) => <Link to={`/users/${r.user_id}`}>{v || '-'}</Link>
                },
                { title: '手机号', dataIndex: 'mobile', render: (v: string) => v || '-' },
                { title: '注册时间', dataIndex: 'created_at', render: time }
              ])
            ]}
          />
        </Card>
      </Space>
      <DecisionModal
        open={changing}
        approve={user.disabled}
        title={user.disabled ? '启用该账号？用户可重新登录' : '停用后该用户所有设备立即退出登录，且不能再登录'}
        label={user.disabled ? undefined : '停用原因'}
        onClose={() => setChanging(false)}
        onSubmit={async (reason) => {
          const after = await api.post<AdminUserItem>('/user/disable', {
            user_id: user.user_id,
            updated_at: user.updated_at,
            disabled: !user.disabled,
            reason
          })
          message.success(after.disabled ? '已停用，该用户已退出登录' : '已启用')
          load()
        }}
      />
    </PageContainer>
  )
}
