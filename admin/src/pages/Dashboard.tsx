import { PageContainer, StatisticCard } from '@ant-design/pro-components'
import type { AdminDashboard, AdminPeriodFigures } from '@contract/admin'
import { Badge, Button, Card, Col, Result, Row, Segmented, Skeleton, Space, Typography } from 'antd'
import { lazy, Suspense, useCallback, useState } from 'react'
import { Link } from 'react-router-dom'

import { api } from '../api/client'
import { yuan } from '../format'
import { PENDING_ITEMS } from '../pending'
import { usePhone } from '../phone'
import { useSession } from '../session'
import { usePolling } from '../usePolling'

// The chart library is the largest dependency: it loads after the figures are shown.
const RevenueChart = lazy(() => import('../components/RevenueChart'))

const PERIODS = { today: '今日', days7: '近 7 天', days30: '近 30 天' } as const
type Period = keyof typeof PERIODS

export default function Dashboard() {
  const phone = usePhone()
  const { can } = useSession()
  const [data, setData] = useState<AdminDashboard | null>(null)
  const [error, setError] = useState('')
  const [period, setPeriod] = useState<Period>('today')
  const [updatedAt, setUpdatedAt] = useState('')
  // Refreshed on the console's rhythm while shown, so new orders and waiting work appear without reloading.
  const load = useCallback(
    (background = false) =>
      (background ? api.poll : api.get)<AdminDashboard>('/dashboard/overview').then(
        (d) => {
          setData(d)
          setError('')
          // China time, as every time in the console.
          setUpdatedAt(new Date().toLocaleTimeString('zh-CN', { hour12: false, timeZone: 'Asia/Shanghai' }))
        },
        (e: Error) => setError(e.message)
      ),
    []
  )
  usePolling(load)

  // A refresh that fails keeps the figures shown; only a first load that fails has nothing to show.
  if (error && !data)
    return (
      <Result
        status="warning"
        title="数据加载失败"
        subTitle={error}
        extra={<Button onClick={() => void load()}>重试</Button>}
      />
    )
  if (!data) return <Skeleton active style={{ padding: 24 }} />
  const f: AdminPeriodFigures = data[period]
  const pending = PENDING_ITEMS.filter((p) => can(p.view)).map((p) => ({ ...p, count: data.pending[p.key] }))
  return (
    <PageContainer
      title="仪表盘"
      extra={
        <Space size={16}>
          <Typography.Text type={error ? 'warning' : 'secondary'}>
            {error ? `刷新失败：${error}` : `更新于 ${updatedAt}`}
          </Typography.Text>
          <Segmented
            value={period}
            onChange={(v) => setPeriod(v as Period)}
            options={Object.entries(PERIODS).map(([value, label]) => ({ value, label }))}
          />
        </Space>
      }
    >
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <StatisticCard.Group direction={phone ? 'column' : 'row'}>
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
        <Row gutter={[16, 16]}>
          <Col xs={24} md={17}>
            <Card title="近 30 天收入">
              <Suspense fallback={<Skeleton active />}>
                <RevenueChart days={data.revenue_by_day} />
              </Suspense>
            </Card>
          </Col>
          <Col xs={24} md={7}>
            <Card title="待办">
              <Space direction="vertical" style={{ width: '100%' }}>
                {pending.map((p) => (
                  <Link key={p.key} to={p.to} style={{ display: 'flex', justifyContent: 'space-between' }}>
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
