import './order.scss'

import { Image, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { useState } from 'react'

import { addCourseOrder, getCourseDetail } from '@/api/course'
import { partsText, priceText } from '@/components/course/format'
import Page from '@/components/Page'
import { ErrorView, Loading } from '@/components/States'
import VirtualGoodsNote from '@/components/VirtualGoodsNote'
import { useRemote } from '@/hooks/useRemote'
import { redirectTo } from '@/navigation'
import { canBuyVirtualGoods } from '@/platform/virtual-goods'

/** Confirms what is bought and for how much, then opens the order's payment. */
export default function CourseOrderPage() {
  const courseId = Number(Taro.getCurrentInstance().router?.params.course_id) || 0
  const remote = useRemote(() => getCourseDetail({ course_id: courseId }), [courseId])
  const [busy, setBusy] = useState(false)

  if (!remote.data)
    return <Page>{remote.error ? <ErrorView message={remote.error} onRetry={remote.reload} /> : <Loading />}</Page>
  const d = remote.data.detail

  const submit = async () => {
    setBusy(true)
    try {
      const { order_id } = await addCourseOrder({ course_id: d.course_id })
      await redirectTo(`/live/pages/recorded/payment?order_id=${order_id}`)
    } catch {
      // the request layer has said why, or asked for a login
    } finally {
      setBusy(false)
    }
  }

  return (
    <Page>
      <View className="course-order">
        <View className="course-order__card">
          <Image className="course-order__cover" src={d.cover} mode="aspectFill" />
          <View className="course-order__body">
            <Text className="course-order__title">{d.title}</Text>
            <Text className="course-order__meta">
              {d.teacher} · {partsText(d.kind, d.parts)}
            </Text>
            <Text className="course-order__price">{priceText(d.price)}</Text>
          </View>
        </View>
        <View className="course-order__rows">
          <View className="course-order__row">
            <Text>课程价格</Text>
            <Text>{priceText(d.original_price > d.price ? d.original_price : d.price)}</Text>
          </View>
          {d.original_price > d.price && (
            <View className="course-order__row">
              <Text>限时优惠</Text>
              <Text className="course-order__discount">-{priceText(d.original_price - d.price)}</Text>
            </View>
          )}
          <View className="course-order__row">
            <Text>有效期</Text>
            <Text>购买后永久观看</Text>
          </View>
        </View>
        <Text className="course-order__note">
          {d.refund_policy ? `${d.refund_policy}。` : ''}购买即表示同意《用户协议》。
        </Text>
      </View>
      {canBuyVirtualGoods() ? (
        <View className="course-order__bar">
          <Text className="course-order__total">
            实付 <Text className="course-order__amount">{priceText(d.price)}</Text>
          </Text>
          <View
            className={`course-order__submit${busy ? ' course-order__submit--busy' : ''}`}
            onClick={() => !busy && d.price > 0 && submit()}
          >
            提交订单
          </View>
        </View>
      ) : (
        <VirtualGoodsNote className="course-order__virtual-note" />
      )}
    </Page>
  )
}
