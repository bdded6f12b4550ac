import './CouponSheet.scss'

import type { BuyCoupon } from '@contract/shop'
import { ScrollView, Text, View } from '@tarojs/components'

import { formatDate, formatFen } from '@/core/format'

import Check from './Check'
import CouponCard from './CouponCard'

interface Props {
  coupons: BuyCoupon[]
  /** user_coupon_id applied now (0 for none). */
  chosen: number
  /** A user_coupon_id, or 0 for no coupon. */
  onChoose: (userCouponId: number) => void
  onClose: () => void
}

/** The checkout's coupons: usable ones (best first) can be chosen, the others say why not. */
export default function CouponSheet({ coupons, chosen, onChoose, onClose }: Props) {
  return (
    <View className="coupon-sheet" role="dialog" aria-label="选择优惠券">
      <View className="coupon-sheet__mask" onClick={onClose} />
      <View className="coupon-sheet__panel">
        <View className="coupon-sheet__head">
          <Text className="coupon-sheet__title">选择优惠券</Text>
          <Text className="coupon-sheet__close" onClick={onClose}>
            ×
          </Text>
        </View>
        <ScrollView className="coupon-sheet__list" scrollY>
          {coupons.length === 0 && <Text className="coupon-sheet__empty">暂无优惠券，可去领券中心领取</Text>}
          {coupons.map((coupon) => (
            <CouponCard
              key={coupon.user_coupon_id}
              rule={coupon}
              dim={!coupon.usable}
              note={coupon.usable ? `本单可减 ${formatFen(coupon.discount_amount)}` : `不可用：${coupon.reason}`}
              onClick={() => coupon.usable && onChoose(coupon.user_coupon_id)}
            >
              {coupon.usable ? (
                <Check
                  checked={coupon.user_coupon_id === chosen}
                  label={coupon.name}
                  onChange={() => onChoose(coupon.user_coupon_id)}
                />
              ) : (
                <Text className="coupon-card__mark">{formatDate(coupon.expire_at)} 到期</Text>
              )}
            </CouponCard>
          ))}
        </ScrollView>
        <View className="coupon-sheet__none" onClick={() => onChoose(0)}>
          不使用优惠券
        </View>
      </View>
    </View>
  )
}
