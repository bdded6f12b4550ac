import './CouponCard.scss'

import type { CouponRule } from '@contract/shop'
import { Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'

import { formatDate } from '@/core/format'

/** The face value: '¥30' off or '8.5折'. */
export function couponValue(rule: CouponRule): { main: string; unit: string } {
  if (rule.type === 'discount') return { main: String(rule.discount / 10), unit: '折' }
  const yuan = rule.amount / 100
  return { main: Number.isInteger(yuan) ? String(yuan) : yuan.toFixed(2), unit: '元' }
}

/** The usage window, e.g. '2026-11-01 至 2026-12-31'. */
export const couponWindow = (start: string, end: string) => `${formatDate(start)} 至 ${formatDate(end)}`

interface Props {
  rule: CouponRule
  /** Validity or usage line under the name. */
  note: string
  /** Greyed out (used, expired, not usable). */
  dim?: boolean
  onClick?: () => void
  /** The button or mark on the right. */
  children?: ReactNode
}

/** A coupon: value on the left, name, scope and window in the middle, an action on the right. */
export default function CouponCard({ rule, note, dim, onClick, children }: Props) {
  const value = couponValue(rule)
  return (
    <View className={`coupon-card${dim ? ' coupon-card--dim' : ''}`} onClick={onClick}>
      <View className="coupon-card__value">
        <Text className="coupon-card__main">
          {value.main}
          <Text className="coupon-card__unit">{value.unit}</Text>
        </Text>
        <Text className="coupon-card__title">{rule.min_spend ? `满${rule.min_spend / 100}元可用` : '无门槛'}</Text>
      </View>
      <View className="coupon-card__body">
        <Text className="coupon-card__name">{rule.name}</Text>
        <Text className="coupon-card__scope">
          {rule.title} · {rule.scope_text}
        </Text>
        <Text className="coupon-card__note">{note}</Text>
      </View>
      {children && <View className="coupon-card__side">{children}</View>}
    </View>
  )
}
