import './detail.scss'

import type { OrderDetail as Detail, OrderDetailRequest } from '@contract/shop'
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect, useState } from 'react'

import { getOrderDetail } from '@/api/shop'
import Page from '@/components/Page'
import { Empty, ErrorView, Loading } from '@/components/States'
import { formatDate, formatFen } from '@/core/format'
import AfterSaleCard from '@/goods/parts/AfterSaleCard'
import OrderActions from '@/goods/parts/OrderActions'
import OrderGoods from '@/goods/parts/OrderGoods'
import { usePullRefresh } from '@/hooks/usePullRefresh'
import { useRemote } from '@/hooks/useRemote'
import { useUser } from '@/hooks/useUser'

const time = (iso: string) => (iso ? formatDate(iso, 'yyyy-mm-dd hh:MM') : '')

/** Which order the page shows: its id, or the payment WeChat's shipping message opens the page with. */
function orderQuery(params: Record<string, string | undefined>): OrderDetailRequest | undefined {
  const orderId = Number(params.order_id) || 0
  if (orderId) return { order_id: orderId }
  const byPayment = {
    transaction_id: params.transaction_id || undefined,
    merchant_trade_no: params.merchant_trade_no || undefined
  }
  return byPayment.transaction_id || byPayment.merchant_trade_no ? byPayment : undefined
}

/**
 * goods/pages/order/detail?order_id= (or ?transaction_id=&merchant_trade_no=, as WeChat's shipping messages open
 * it): status, address, goods, amounts, the timeline and the actions.
 */
function OrderDetail() {
  const [query] = useState(() => orderQuery(Taro.getCurrentInstance().router?.params ?? {}))
  const loggedIn = useUser('登录后查看订单')
  const remote = useRemote(
    () => (loggedIn && query ? getOrderDetail(query) : Promise.resolve(undefined)),
    [loggedIn, query]
  )
  usePullRefresh(remote.reload)
  const [order, setOrder] = useState<Detail>()
  useEffect(() => setOrder(remote.data?.detail), [remote.data])

  if (!query)
    return (
      <Page>
        <ErrorView message="订单不存在：缺少订单编号" />
      </Page>
    )
  if (!loggedIn)
    return (
      <Page>
        <Empty text="登录后查看订单" />
      </Page>
    )
  if (!order)
    return <Page>{remote.error ? <ErrorView message={remote.error} onRetry={remote.reload} /> : <Loading />}</Page>

  const rows: [string, string][] = [
    ['订单编号', order.order_no],
    ['下单时间', time(order.created_at)],
    ['支付时间', time(order.paid_at)],
    ['发货时间', time(order.shipped_at)],
    ...parcelRows(order),
    ['收货时间', time(order.received_at)],
    ['取消原因', order.cancel_reason],
    ['订单备注', order.remark]
  ]
  return (
    <Page>
      <View className="order-detail__status">
        <Text className="order-detail__status-text">{order.status_text}</Text>
        {order.pay_deadline && (
          <Text className="order-detail__deadline">请在 {time(order.pay_deadline)} 前完成支付，超时订单将自动取消</Text>
        )}
        {order.refunded_amount > 0 && order.status !== 'refunded' && (
          <Text className="order-detail__deadline">已退款 {formatFen(order.refunded_amount)}</Text>
        )}
      </View>
      <View className="order-detail__card">
        <Text className="order-detail__receiver">
          {order.address.name} {order.address.mobile}
        </Text>
        <Text className="order-detail__address">{order.address.full_address}</Text>
      </View>
      <View className="order-detail__card">
        <OrderGoods items={order.items} />
        <Amount label="商品金额" value={formatFen(order.goods_amount)} />
        <Amount label="运费" value={order.freight ? formatFen(order.freight) : '包邮'} />
        {order.coupon_discount > 0 && (
          <Amount label={`优惠券（${order.coupon_name}）`} value={`-${formatFen(order.coupon_discount)}`} />
        )}
        {order.price_adjust !== 0 && (
          <Amount
            label="商家改价"
            value={`${order.price_adjust > 0 ? '+' : '-'}${formatFen(Math.abs(order.price_adjust))}`}
          />
        )}
        <Amount label={order.status === 'to_pay' ? '应付款' : '实付款'} value={formatFen(order.pay_amount)} strong />
      </View>
      <View className="order-detail__card">
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <Amount key={label} label={label} value={value} />
          ))}
      </View>
      {order.after_sales.length > 0 && (
        <View className="order-detail__card">
          <Text className="order-detail__title">售后</Text>
          {order.after_sales.map((sale) => (
            <AfterSaleCard key={sale.after_sale_id} sale={sale} onChange={setOrder} />
          ))}
        </View>
      )}
      <View className="order-detail__card">
        <Text className="order-detail__title">订单进度</Text>
        <View className="order-detail__timeline">
          {[...order.timeline].reverse().map((entry, i) => (
            <View
              key={`${entry.time}-${entry.title}`}
              className={`order-detail__step${i === 0 ? ' order-detail__step--now' : ''}`}
            >
              <View className="order-detail__dot" />
              <View className="order-detail__step-body">
                <Text className="order-detail__step-title">{entry.title}</Text>
                {entry.desc && <Text className="order-detail__step-desc">{entry.desc}</Text>}
                <Text className="order-detail__step-time">{time(entry.time)}</Text>
              </View>
            </View>
          ))}
        </View>
      </View>
      <View className="order-detail__actions">
        <OrderActions order={order} onChange={setOrder} onPaid={() => void remote.reload()} />
      </View>
    </Page>
  )
}

/** One 物流信息 row, or one per parcel of a split shipment. */
function parcelRows(order: Detail): [string, string][] {
  const parcels = order.parcels.length
    ? order.parcels
    : order.express_no
      ? [{ express_company: order.express_company, express_no: order.express_no }]
      : []
  return parcels.map((p, i) => [
    parcels.length > 1 ? `包裹 ${i + 1}` : '物流信息',
    `${p.express_company} ${p.express_no}`
  ])
}

function Amount({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <View className={`order-detail__row${strong ? ' order-detail__row--strong' : ''}`}>
      <Text className="order-detail__label">{label}</Text>
      <Text className="order-detail__value">{value}</Text>
    </View>
  )
}

export default observer(OrderDetail)
