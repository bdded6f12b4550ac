import { Column } from '@ant-design/plots'
import type { AdminDashboard } from '@contract/admin'

/** Revenue per China day, in yuan, with the day's paid orders in the tooltip. */
export default function RevenueChart({ days }: { days: AdminDashboard['revenue_by_day'] }) {
  const data = days.map((d) => ({ date: d.date.slice(5), revenue: d.revenue_fen / 100, orders: d.orders }))
  return (
    <Column
      data={data}
      xField="date"
      yField="revenue"
      height={300}
      animate={false}
      style={{ fill: '#b8860b' }}
      axis={{ y: { title: '收入（元）' } }}
      tooltip={{
        items: [
          { channel: 'y', name: '收入', valueFormatter: (v: number) => `¥${v.toFixed(2)}` },
          { field: 'orders', name: '支付订单' }
        ]
      }}
    />
  )
}
