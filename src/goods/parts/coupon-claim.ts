import type { Coupon } from '@contract/shop'

import { receiveCoupon } from '@/api/shop'
import { reportFailure, toast } from '@/components/feedback'
import { couponWindow } from '@/components/shop/CouponCard'
import { ensureUser } from '@/hooks/useUser'

/** Claims one more of a coupon for the user; answers the coupon as it stands after the claim. */
export async function claim(coupon: Coupon): Promise<Coupon | undefined> {
  if (!ensureUser('登录后领取优惠券')) return undefined
  try {
    await receiveCoupon({ coupon_id: coupon.coupon_id })
    toast('领取成功')
    const received = coupon.received + 1
    return {
      ...coupon,
      received,
      remaining: Math.max(0, coupon.remaining - 1),
      can_receive: received < coupon.per_user_limit && coupon.remaining > 1
    }
  } catch (e) {
    reportFailure(e)
    return undefined
  }
}

/** The claim button's text. */
export function claimText(coupon: Coupon): string {
  if (coupon.can_receive) return coupon.received > 0 ? '再领一张' : '立即领取'
  if (coupon.received > 0) return '已领取'
  return coupon.remaining <= 0 ? '已领完' : '不可领取'
}

/** How long a claimed coupon can be used. */
export function validityText(coupon: Pick<Coupon, 'valid_days' | 'start_at' | 'end_at'>): string {
  return coupon.valid_days > 0 ? `领取后 ${coupon.valid_days} 天内有效` : couponWindow(coupon.start_at, coupon.end_at)
}
