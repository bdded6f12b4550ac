import './payment.scss'

import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useState } from 'react'

import { getCourseOrder, payCourseOrder } from '@/api/course'
import { priceText } from '@/components/course/format'
import Page from '@/components/Page'
import { ErrorView, Loading } from '@/components/States'
import VirtualGoodsNote from '@/components/VirtualGoodsNote'
import { errorMessage } from '@/core/errors'
import { formatDate } from '@/core/format'
import { useRemote } from '@/hooks/useRemote'
import { useSubscribe } from '@/hooks/useSubscribe'
import { redirectTo } from '@/navigation'
import { payOrder } from '@/platform/pay'
import { canBuyVirtualGoods } from '@/platform/virtual-goods'

/** Pays a course order through the payment service; once paid, learning starts here. */
export default function CoursePaymentPage() {
  const orderId = Number(Taro.getCurrentInstance().router?.params.order_id) || 0
  const remote = useRemote(
    () => (orderId ? getCourseOrder({ order_id: orderId }) : Promise.reject(new Error('订单不存在：缺少订单编号'))),
    [orderId]
  )
  const [paying, setPaying] = useState(false)
  const [problem, setProblem] = useState('')
  const subscribe = useSubscribe('pay')

  if (!remote.data)
    return <Page>{remote.error ? <ErrorView message={remote.error} onRetry={remote.reload} /> : <Loading />}</Page>
  const order = remote.data.order
  const paid = order.status === 'paid'

  const pay = async () => {
    setPaying(true)
    setProblem('')
    // Within the tap, before the payment's requests: the mini-program's 订阅消息 ask.
    await subscribe()
    try {
      const outcome = await payOrder(await payCourseOrder({ order_id: order.order_id }))
      if (outcome === 'cancelled') setProblem('支付已取消，可重新支付')
      await remote.reload()
    } catch (e) {
      setProblem(errorMessage(e))
    } finally {
      setPaying(false)
    }
  }

  const learn = () => redirectTo(`/live/pages/recorded/detail?course_id=${order.course_id}`)

  return (
    <Page title={paid ? '支付成功' : undefined}>
      <View className="course-pay">
        <View className={`course-pay__head${paid ? ' course-pay__head--paid' : ''}`}>
          <Text className="course-pay__state">
            {paid ? '✓ 支付成功' : order.status === 'closed' ? '订单已关闭' : '待支付'}
          </Text>
          <Text className="course-pay__amount">{priceText(order.amount)}</Text>
        </View>
        <View className="course-pay__rows">
          <View className="course-pay__row">
            <Text className="course-pay__label">课程</Text>
            <Text className="course-pay__value">{order.course_title}</Text>
          </View>
          <View className="course-pay__row">
            <Text className="course-pay__label">讲师</Text>
            <Text className="course-pay__value">{order.teacher}</Text>
          </View>
          <View className="course-pay__row">
            <Text className="course-pay__label">订单号</Text>
            <Text className="course-pay__value" selectable>
              {order.out_trade_no || '-'}
            </Text>
          </View>
          <View className="course-pay__row">
            <Text className="course-pay__label">{paid ? '支付时间' : '下单时间'}</Text>
            <Text className="course-pay__value">
              {formatDate(paid ? order.paid_at : order.created_at, 'yyyy-mm-dd hh:MM:ss')}
            </Text>
          </View>
        </View>
        {problem && <Text className="course-pay__problem">{problem}</Text>}
        {paid ? (
          <View className="course-pay__btn" onClick={learn}>
            开始学习
          </View>
        ) : order.status === 'created' && !canBuyVirtualGoods() ? (
          <VirtualGoodsNote />
        ) : order.status === 'created' ? (
          <View className={`course-pay__btn${paying ? ' course-pay__btn--busy' : ''}`} onClick={() => !paying && pay()}>
            {paying ? '支付中…' : `立即支付 ${priceText(order.amount)}`}
          </View>
        ) : null}
      </View>
    </Page>
  )
}
