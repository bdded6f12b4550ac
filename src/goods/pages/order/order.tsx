import './order.scss'

import type { OrderListStatus, OrderSummary } from '@contract/shop'
import { Text, View } from '@tarojs/components'
import Taro, { useDidShow } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useState } from 'react'

import { getOrders } from '@/api/shop'
import Page from '@/components/Page'
import { Empty, PagedView } from '@/components/States'
import { formatFen } from '@/core/format'
import OrderActions from '@/goods/parts/OrderActions'
import OrderGoods from '@/goods/parts/OrderGoods'
import { noPage, useListPage } from '@/hooks/useListPage'
import { useUser } from '@/hooks/useUser'
import { navigateTo } from '@/navigation'

/** The status tabs of the order list, in order. */
const ORDER_TABS: { status: OrderListStatus; label: string }[] = [
  { status: 'all', label: '全部' },
  { status: 'to_pay', label: '待付款' },
  { status: 'to_ship', label: '待发货' },
  { status: 'to_receive', label: '待收货' },
  { status: 'done', label: '已完成' },
  { status: 'after_sale', label: '售后' }
]

const isTab = (value: string | undefined): value is OrderListStatus => ORDER_TABS.some((tab) => tab.status === value)

/** goods/pages/order/order?status=: the user's orders by status, paged on reach-bottom. */
function Orders() {
  const initial = Taro.getCurrentInstance().router?.params.status
  const [status, setStatus] = useState<OrderListStatus>(isTab(initial) ? initial : 'all')
  const loggedIn = useUser('登录后查看我的订单')
  const orders = useListPage(
    (page) => (loggedIn ? getOrders({ page, status }) : Promise.resolve(noPage<OrderSummary>())),
    [status, loggedIn]
  )
  // Back from an order's detail or a payment: statuses may have changed.
  const [shownOnce, setShownOnce] = useState(false)
  useDidShow(() => {
    if (shownOnce) void orders.refresh()
    setShownOnce(true)
  })

  return (
    <Page>
      <View className="orders__tabs">
        {ORDER_TABS.map((tab) => (
          <Text
            key={tab.status}
            className={`orders__tab${tab.status === status ? ' orders__tab--on' : ''}`}
            onClick={() => setStatus(tab.status)}
          >
            {tab.label}
          </Text>
        ))}
      </View>
      {!loggedIn ? (
        <Empty text="登录后查看我的订单" />
      ) : (
        <PagedView list={orders} empty="暂无相关订单">
          {() => (
            <View className="orders__list">
              {orders.items.map((order) => (
                <View
                  key={order.order_id}
                  className="orders__item"
                  data-order-id={order.order_id}
                  onClick={() => navigateTo(`/goods/pages/order/detail?order_id=${order.order_id}`)}
                >
                  <View className="orders__head">
                    <Text className="orders__no">订单号 {order.order_no}</Text>
                    <Text className="orders__status">{order.status_text}</Text>
                  </View>
                  <OrderGoods items={order.items} />
                  <Text className="orders__sum">
                    共 {order.quantity} 件，实付 <Text className="orders__amount">{formatFen(order.pay_amount)}</Text>
                  </Text>
                  <OrderActions
                    order={order}
                    onChange={(next) =>
                      status === 'all' || next.status === order.status
                        ? orders.update((o) => o.order_id === order.order_id, next)
                        : orders.refresh()
                    }
                    onPaid={() => void orders.refresh()}
                  />
                </View>
              ))}
            </View>
          )}
        </PagedView>
      )}
    </Page>
  )
}

export default observer(Orders)
