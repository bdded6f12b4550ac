import './MembershipStatus.scss'

import type { MembershipApplication } from '@contract'
import { Image, Text, View } from '@tarojs/components'
import { useState } from 'react'

import { REVIEW_STATUS } from '@/components/certificate/status'
import { refundText } from '@/components/refund'
import VirtualGoodsNote from '@/components/VirtualGoodsNote'
import { errorMessage } from '@/core/errors'
import { formatDate, formatFen } from '@/core/format'
import { useSubscribe } from '@/hooks/useSubscribe'
import { canBuyVirtualGoods } from '@/platform/virtual-goods'

import { payDues } from './pay-dues'

const KIND = { full: '正式会员申请', easy: '快速入会申请' }

/** Where my membership application stands; the member card once approved; dues to pay when waiting. */
export default function MembershipStatus({
  application: a,
  onChanged,
  onReapply
}: {
  application: MembershipApplication
  onChanged: () => void
  onReapply: () => void
}) {
  const [problem, setProblem] = useState('')
  const status = REVIEW_STATUS[a.status]
  // Dues paid send the application to review: the mini-program asks for its result's message, within the tap.
  const subscribe = useSubscribe('apply')

  const pay = async () => {
    setProblem('')
    await subscribe()
    try {
      if ((await payDues(a.application_id)) === 'cancelled') setProblem('支付已取消，可稍后再缴纳会费')
    } catch (e) {
      setProblem(errorMessage(e))
    }
    onChanged()
  }

  if (a.card) {
    const c = a.card
    return (
      <View className="member-card">
        <View className="member-card__top">
          <Text className="member-card__org">{c.association}</Text>
          <Text className="member-card__kind">会员证</Text>
        </View>
        <View className="member-card__body">
          {c.photo ? (
            <Image className="member-card__photo" src={c.photo} mode="aspectFill" />
          ) : (
            <Text className="member-card__avatar">{c.name.slice(0, 1)}</Text>
          )}
          <View className="member-card__info">
            <Text className="member-card__name">{c.name}</Text>
            <Text className="member-card__line">会员编号：{c.member_no}</Text>
            <Text className="member-card__line">入会日期：{formatDate(c.since)}</Text>
            <Text className="member-card__line">有效期至：{formatDate(c.valid_until)}</Text>
          </View>
        </View>
      </View>
    )
  }

  return (
    <View className="member-status">
      <Text className={`member-status__state member-status__state--${status.tone}`}>{status.text}</Text>
      <Text className="member-status__kind">
        {KIND[a.kind]} · {a.name} · 提交于 {formatDate(a.created_at, 'yyyy-mm-dd hh:MM')}
      </Text>
      {a.status === 'reviewing' && (
        <Text className="member-status__hint">秘书处将在 3 个工作日内完成审核，请留意短信通知。</Text>
      )}
      {a.status === 'rejected' && (
        <Text className="member-status__hint member-status__hint--bad">未通过原因：{a.review_note}</Text>
      )}
      {a.refund && <Text className="member-status__hint member-status__hint--refund">会费{refundText(a.refund)}</Text>}
      {problem && <Text className="member-status__hint member-status__hint--bad">{problem}</Text>}
      {a.status === 'unpaid' && !canBuyVirtualGoods() && <VirtualGoodsNote />}
      {a.status === 'unpaid' && canBuyVirtualGoods() && (
        <View className="member-status__btn" onClick={pay}>
          缴纳会费 {formatFen(a.amount)}
        </View>
      )}
      {a.status === 'rejected' && (
        <View className="member-status__btn" onClick={onReapply}>
          重新申请
        </View>
      )}
    </View>
  )
}
