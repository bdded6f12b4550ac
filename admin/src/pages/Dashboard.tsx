import { PageContainer, StatisticCard } from '@ant-design/pro-components'
import type { AdminDashboard, AdminPeriodFigures } from '@contract/admin'
import { Badge, Button, Card, Col, Result, Row, Segmented, Skeleton, Space } from 'antd'
import { lazy, Suspense, useEffect, useState } from 'react'
import { Link } from 'react-router-dom'

import { api } from '../api/client'
import { yuan } from '../format'
import { useSession } from '../session'

// The chart library is the largest dependency: it loads after the figures are shown.
const RevenueChart = lazy(() => import('../components/RevenueChart'))

const PERIODS = { today: '今日', days7: '近 7 天', days30: '近 30 天' } as const
type Period = keyof typeof PERIODS

export default function Dashboard() {
  const { can } = useSession()
  const [data, setData] = useState<AdminDashboard | null>(null)
  const [error, setError] = useState('')
  const [period, setPeriod] = useState<Period>('today')
  const load = () => {
    setError('')
    api.get<AdminDashboard>('/dashboard/overview').then(setData, (e: Error) => setError(e.message))
  }
  useEffect(load, [])

  if (error)
    return (
      <Result status="warning" title="数据加载失败" subTitle={error} extra={<Button onClick={load}>重试</Button>} />
    )
  if (!data) return <Skeleton active style={{ padding: 24 }} />
  const f: AdminPeriodFigures = data[period]
  const pending = [
    { label: '待发货订单', count: data.pending.to_ship, to: '/orders?status=to_ship', show: can('order.view') },
    { label: '待处理退款', count: data.pending.refunds, to: '/refunds', show: can('refund.view') },
    { label: '待审核提现', count: data.pending.withdrawals, to: '/withdrawals', show: can('withdrawal.view') },
    { label: '待审核文章', count: data.pending.articles, to: '/reviews', show: can('review.view') },
    { label: '待审核证书报名', count: data.pending.certificates, to: '/certificates', show: can('certificate.review') },
    { label: '待审核入会申请', count: data.pending.memberships, to: '/memberships', show: can('membership.review') }
  ].filter((p) => p.show)
  return (
    <PageContainer
      title="仪表盘"
      extra={
        <Segmented
          value={period}
          onChange={(v) => setPeriod(v as Period)}
          options={Object.entries(PERIODS).map(([value, label]) => ({ value, label }))}
        />
      }
    >
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <StatisticCard.Group direction="row">
          <StatisticCard
            statistic={{
              title: `${PERIODS[period]}收入`,
              value: yuan(f.revenue_fen),
              description: '所有业务的已支付金额'
            }}
          />
          <StatisticCard statistic={{ title: '支付订单', value: f.orders }} />
          <StatisticCard statistic={{ title: '退款', value: `${f.refunds} 笔 / ${yuan(f.refund_fen)}` }} />
          <StatisticCard statistic={{ title: '新增用户', value: f.new_users }} />
          <StatisticCard statistic={{ title: '付费用户', value: f.paying_users }} />
        </StatisticCard.Group>
        <Row gutter={16}>
          <Col span={17}>
            <Card title="近 30 天收入">
              <Suspense fallback={<Skeleton active />}>
                <RevenueChart days={data.revenue_by_day} />
              </Suspense>
            </Card>
          </Col>
          <Col span={7}>
            <Card title="待办">
              <Space direction="vertical" style={{ width: '100%' }}>
                {pending.map((p) => (
                  <Link key={p.label} to={p.to} style={{ display: 'flex', justifyContent: 'space-between' }}>
                    <span>{p.label}</span>
                    <Badge count={p.count} showZero color={p.count ? '#fa541c' : '#bfbfbf'} overflowCount={9999} />
                  </Link>
                ))}
              </Space>
            </Card>
          </Col>
        </Row>
      </Space>
    </PageContainer>
  )
}
