import './coupon.scss'

import type { CouponDetail as Detail } from '@contract/shop'
import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect, useState } from 'react'

import { getCouponDetail } from '@/api/shop'
import Page from '@/components/Page'
import CouponCard, { couponWindow } from '@/components/shop/CouponCard'
import { GoodsGrid } from '@/components/shop/GoodsCard'
import { ErrorView, Loading } from '@/components/States'
import { formatFen } from '@/core/format'
import { claim, claimText, validityText } from '@/goods/parts/coupon-claim'
import { useRemote } from '@/hooks/useRemote'
import { sessionStore } from '@/stores'

/** goods/pages/coupon/detail?coupon_id=: the rules of a coupon, the goods it applies to, and claiming it. */
function CouponDetail() {
  const couponId = Number(Taro.getCurrentInstance().router?.params.coupon_id) || 0
  const remote = useRemote(() => getCouponDetail({ coupon_id: couponId }), [couponId, sessionStore.isLoggedIn])
  const [coupon, setCoupon] = useState<Detail>()
  useEffect(() => setCoupon(remote.data?.detail), [remote.data])

  if (!couponId)
    return (
      <Page>
        <ErrorView message="优惠券不存在：缺少优惠券编号" />
      </Page>
    )
  if (!coupon)
    return <Page>{remote.error ? <ErrorView message={remote.error} onRetry={remote.reload} /> : <Loading />}</Page>

  const open = coupon.can_receive || !sessionStore.isLoggedIn
  const rules = [
    `优惠：${coupon.title}` +
      `${coupon.type === 'discount' && coupon.max_discount ? `，最多减 ${formatFen(coupon.max_discount)}` : ''}`,
    `范围：${coupon.scope_text}`,
    `领取时间：${couponWindow(coupon.start_at, coupon.end_at)}`,
    `有效期：${validityText(coupon)}`,
    `每人限领 ${coupon.per_user_limit} 张，剩余 ${coupon.remaining} / ${coupon.total} 张`
  ]
  return (
    <Page share={{ title: `${coupon.name}：${coupon.title}`, desc: coupon.scope_text }}>
      <View className="coupons__list">
        <CouponCard rule={coupon} note={validityText(coupon)} dim={!open && coupon.received === 0} />
      </View>
      <View
        className={`coupon-detail__claim${open ? '' : ' coupon-detail__claim--off'}`}
        onClick={async () => {
          if (!open) return
          const next = await claim(coupon)
          if (next) setCoupon({ ...coupon, ...next })
        }}
      >
        {sessionStore.isLoggedIn ? claimText(coupon) : '立即领取'}
        {coupon.received > 0 ? `（已领 ${coupon.received} 张）` : ''}
      </View>
      <View className="coupon-detail__card">
        <Text className="coupon-detail__title">使用规则</Text>
        {[...rules, ...coupon.description].map((line) => (
          <Text key={line} className="coupon-detail__line">
            {line}
          </Text>
        ))}
      </View>
      {coupon.goods.length > 0 && (
        <View className="coupon-detail__goods">
          <Text className="coupon-detail__title coupon-detail__goods-title">适用商品</Text>
          <GoodsGrid items={coupon.goods} />
        </View>
      )}
    </Page>
  )
}

export default observer(CouponDetail)
