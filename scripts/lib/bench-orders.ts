import { sql } from 'drizzle-orm'

import { benchConsoleApp, chinaDay, pct, withBenchDatabase } from './bench-db'

const PAYMENTS = 100_000
const SHOP_ORDERS = 20_000
const USERS = 2_000
const RUNS = 30

/**
 * 全部订单 and 对账 over 100,000 payments of every business type made in the last 29 days (one INSERT ... SELECT
 * each: 2,000 users, 20,000 shop orders behind the goods payments, a refund on every 20th payment, commission
 * on every 10th), asked for through the console's API as an operator's browser asks.
 */
export async function benchOrderCenter(): Promise<void> {
  await withBenchDatabase('orders', USERS, async (database, dataDir) => {
    const db = database.db
    const started = Date.now()
    await db.execute(sql`
      insert into shop_orders (order_no, user_id, request_id, status, goods_amount, pay_amount, address,
                               receiver_name, receiver_mobile, receiver_detail, pay_deadline, paid_at, created_at,
                               updated_at)
      select 'B' || lpad(g::text, 12, '0'), (select min(id) from users where nickname like '压测用户%') + (g % ${USERS}),
             'bench-' || g, 'done', 1000 + g % 50000, 1000 + g % 50000,
             jsonb_build_object('province', '北京市', 'city', '北京市', 'district', '朝阳区'),
             '收货人' || (g % 500), '139' || lpad(g::text, 8, '0'), '建国路1号',
             now(), now(), now(), now()
      from generate_series(1, ${SHOP_ORDERS}) g`)
    await db.execute(sql`
      insert into shop_order_items (order_id, sku_id, goods_id, name, image, spec_text, price, quantity, amount)
      select o.id, 1, 1, '压测商品' || (o.id % 300), '', '', o.goods_amount, 1, o.goods_amount
      from shop_orders o where o.order_no like 'B%'`)
    await db.execute(sql`
      insert into payments (out_trade_no, user_id, biz_type, biz_id, amount_fen, description, status, provider,
                            provider_txn_id, paid_at, created_at, updated_at)
      select 'P' || lpad(g::text, 14, '0'),
             (select min(id) from users where nickname like '压测用户%') + (g % ${USERS}),
             bt,
             case when bt = 'goods'
                  then (select min(id) from shop_orders where order_no like 'B%') + (g / 5) % ${SHOP_ORDERS}
                  else g end,
             1000 + g % 30000,
             case bt when 'goods' then '商城订单' when 'course' then '课程：压测课程' || (g % 50)
                      else '压测' || bt end,
             case when g % 50 = 0 then 'closed' when g % 40 = 0 then 'refunded' else 'paid' end,
             'wechat', case when g % 50 <> 0 then '4200' || lpad(g::text, 24, '0') end,
             case when g % 50 <> 0 then t end, t, t
      from (select g, now() - ((${PAYMENTS} - g) * interval '25 seconds') as t,
                   (array['goods','course','report','service','activity','certificate','membership'])[1 + g % 7] as bt
            from generate_series(1, ${PAYMENTS}) g) s`)
    await db.execute(sql`
      insert into payment_refunds (payment_id, out_refund_no, request_key, amount_fen, status, finished_at, created_at)
      select id, 'R' || id, 'bench', case when status = 'refunded' then amount_fen else 500 end, 'succeeded',
             paid_at + interval '1 hour', paid_at + interval '1 hour'
      from payments where out_trade_no like 'P%' and paid_at is not null and id % 20 = 0`)
    await db.execute(sql`
      insert into commissions (user_id, from_user_id, payment_id, level, biz_type, base_fen, rate_bp, amount_fen,
                               status, release_at, created_at)
      select (select min(id) from users where nickname like '压测用户%'), user_id, id, 1, biz_type, amount_fen, 1000,
             amount_fen / 10, 'frozen', paid_at + interval '7 days', paid_at
      from payments where out_trade_no like 'P%' and paid_at is not null and id % 10 = 0`)
    await db.execute(sql`vacuum analyze`)
    console.log(`orders: ${PAYMENTS} payments generated in ${((Date.now() - started) / 1000).toFixed(1)} s`)

    const { app, cookie } = await benchConsoleApp(database, dataDir)
    try {
      const sale = (name: string, query: Record<string, string>) => ({ name, url: '/api/admin/sale/lists', query })
      const queries = [
        sale('all, page 1', { page: '1', per_page: '20' }),
        sale('课程, page 50', { biz_type: 'course', page: '50', per_page: '20' }),
        sale('部分退款', { status: 'partial', page: '1', per_page: '20' }),
        sale('paid last 7 days, page 10', {
          date_from: chinaDay(7),
          date_to: chinaDay(0),
          page: '10',
          per_page: '20'
        }),
        sale('order no', { order_no: 'P' + String(PAYMENTS / 2).padStart(14, '0') }),
        sale('shop order no', { order_no: 'B000000001234' }),
        sale('user by mobile', { user: '17000000123' }),
        sale('receiver phone', { keyword: '13900001234' }),
        sale('receiver name', { keyword: '收货人123' }),
        sale('goods name', { keyword: '压测商品12' }),
        sale('course name', { keyword: '压测课程7' }),
        {
          name: '对账 by month, 30 days',
          url: '/api/admin/finance/summary',
          query: { period: 'month', date_from: chinaDay(30), date_to: chinaDay(0) }
        },
        {
          name: '对账 by day, 30 days',
          url: '/api/admin/finance/summary',
          query: { period: 'day', date_from: chinaDay(30), date_to: chinaDay(0) }
        }
      ]
      const measure = async () => {
        for (const q of queries) {
          const times: number[] = []
          let total = 0
          const runs = q.url.includes('finance') ? 8 : RUNS
          for (let i = 0; i < runs; i++) {
            const t = process.hrtime.bigint()
            const res = await app.inject({ method: 'GET', url: q.url, query: q.query, headers: { cookie } })
            times.push(Number(process.hrtime.bigint() - t) / 1e6)
            const body = res.json()
            if (body.code !== 1) throw new Error(`${q.name}: ${body.msg}`)
            total = body.data.total?.paid_count ?? body.data.total
          }
          const sorted = times.slice(3).sort((a, b) => a - b)
          const yardstick = q.url.includes('finance') ? '< 2000 ms' : 'p95 < 100 ms'
          console.log(
            `orders (${q.name}, ${total} match): p50 ${pct(sorted, 50).toFixed(1)} ms, ` +
              `p95 ${pct(sorted, 95).toFixed(1)} ms   yardstick ${yardstick}`
          )
        }
      }
      await db.execute(sql`analyze`)
      await measure()
      const t = Date.now()
      const res = await app.inject({
        method: 'GET',
        url: '/api/admin/finance/export',
        query: { date_from: chinaDay(30), date_to: chinaDay(0) },
        headers: { cookie }
      })
      console.log(`orders 对账 export, 30 days: ${res.body.split('\n').length} lines in ${Date.now() - t} ms`)
    } finally {
      await app.close()
    }
  })
}
