import './pay-success.scss'

import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect, useRef } from 'react'

import { getOrderDetail } from '@/api/shop'
import Page from '@/components/Page'
import { ErrorView, Loading } from '@/components/States'
import { formatFen } from '@/core/format'
import { useRemote } from '@/hooks/useRemote'
import { useUser } from '@/hooks/useUser'
import { redirectTo, switchTab } from '@/navigation'

/** How often, and how many times, an order the server does not yet know as paid is looked at again. */
const CONFIRM_INTERVAL_MS = 2000
const CONFIRM_CHECKS = 10

/** goods/pages/order/pay-success?order_id=: the order is paid (as the server confirms); on to the order or the shop. */
function PaySuccess() {
  const orderId = Number(Taro.getCurrentInstance().router?.params.order_id) || 0
  const loggedIn = useUser('登录后查看订单')
  const { data, error, reload } = useRemote(
    () => (loggedIn && orderId ? getOrderDetail({ order_id: orderId }) : Promise.resolve(undefined)),
    [loggedIn, orderId]
  )
  const order = data?.detail
  const paid = !!order && order.status !== 'to_pay'
  // WeChat Pay's notice may reach the server a moment after the cashier closes: ask again for a while.
  const checks = useRef(0)
  useEffect(() => {
    if (!order || order.status !== 'to_pay' || checks.current >= CONFIRM_CHECKS) return undefined
    const timer = setTimeout(() => {
      checks.current += 1
      void reload()
    }, CONFIRM_INTERVAL_MS)
    return () => clearTimeout(timer)
  }, [order, reload])
  // Someone else's order (a shared link) or one that cannot be read: said so, never "支付成功".
  if (!order) return <Page>{error ? <ErrorView message={error} onRetry={reload} /> : <Loading />}</Page>
  return (
    <Page>
      <View className="pay-success">
        <View className={`pay-success__icon${paid ? '' : ' pay-success__icon--wait'}`}>{paid ? '✓' : '…'}</View>
        <Text className="pay-success__title">{paid ? '支付成功' : '支付确认中'}</Text>
        <Text className="pay-success__amount">{formatFen(order.pay_amount)}</Text>
        <Text className="pay-success__note">
          订单号 {order.order_no}，{order.status_text}
        </Text>
        {error && <Text className="pay-success__note">{error}</Text>}
        <View className="pay-success__buttons">
          <View
            className="pay-success__btn"
            onClick={() => redirectTo(`/goods/pages/order/detail?order_id=${orderId}`)}
          >
            查看订单
          </View>
          <View className="pay-success__btn pay-success__btn--main" onClick={() => switchTab(4)}>
            继续逛逛
          </View>
        </View>
      </View>
    </Page>
  )
}

export default observer(PaySuccess)
