import './detail.scss'

import { Image, RichText, Text, View } from '@tarojs/components'
import Taro, { useDidShow } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useState } from 'react'

import { getActivity } from '@/api/activity'
import { feeText, signupState, timeRange } from '@/components/activity/format'
import { payActivityFee, successUrl } from '@/components/activity/pay-fee'
import SignupSheet from '@/components/activity/SignupSheet'
import Page from '@/components/Page'
import { ErrorView, Loading } from '@/components/States'
import { errorMessage } from '@/core/errors'
import { formatDate } from '@/core/format'
import { payNotice } from '@/core/pay-deadline'
import { useRemote } from '@/hooks/useRemote'
import { useSubscribe } from '@/hooks/useSubscribe'
import { ensureUser } from '@/hooks/useUser'
import { redirectTo } from '@/navigation'

/** activity/pages/detail: time, place, capacity, deadline and fee; sign up, and pay when there is a fee. */
function ActivityDetailPage() {
  const activityId = Number(Taro.getCurrentInstance().router?.params.activity_id) || 0
  const remote = useRemote(() => getActivity({ activity_id: activityId }), [activityId])
  const [signing, setSigning] = useState(false)
  const [problem, setProblem] = useState('')
  const subscribe = useSubscribe('pay')
  useDidShow(() => {
    if (remote.data) void remote.reload()
  })

  if (!remote.data)
    return <Page>{remote.error ? <ErrorView message={remote.error} onRetry={remote.reload} /> : <Loading />}</Page>
  const a = remote.data.detail
  const state = signupState(a)

  const pay = async (signupId: number) => {
    setProblem('')
    try {
      if ((await payActivityFee(signupId)) === 'paid') return void redirectTo(successUrl(a.activity_id))
      setProblem('支付已取消，可稍后在“我的活动”中支付')
    } catch (e) {
      setProblem(errorMessage(e))
    }
    await remote.reload()
  }

  const press = () => {
    if (!state.enabled || !ensureUser('登录后报名活动')) return
    // Paying a sign-up made earlier: the mini-program's 订阅消息 ask first, within the tap (the sheet asks its own).
    if (a.my_status === 'unpaid') return void subscribe().then(() => pay(a.signup_id))
    setSigning(true)
  }

  const rows = [
    ['活动时间', timeRange(a.starts_at, a.ends_at)],
    ['活动地点', `${a.city} · ${a.address}`],
    ['报名截止', formatDate(a.signup_deadline, 'yyyy-mm-dd hh:MM')],
    ['活动名额', `共 ${a.capacity} 人，剩余 ${a.seats_left} 人`],
    ['活动费用', feeText(a.fee)],
    ['主办方', a.organizer]
  ]

  return (
    <Page share={{ title: a.title, desc: a.summary, imageUrl: a.cover }}>
      <View className="act-detail">
        <Image className="act-detail__cover" src={a.cover} mode="aspectFill" />
        <View className="act-detail__card">
          <Text className="act-detail__title">{a.title}</Text>
          <Text className="act-detail__summary">{a.summary}</Text>
          {rows.map(([label, value]) => (
            <View key={label} className="act-detail__row">
              <Text className="act-detail__label">{label}</Text>
              <Text className="act-detail__value">{value}</Text>
            </View>
          ))}
        </View>
        <View className="act-detail__card">
          <Text className="act-detail__section">活动详情</Text>
          <RichText className="act-detail__content" nodes={a.content} />
        </View>
        {a.my_status === 'unpaid' && a.pay_deadline && (
          <Text className="act-detail__notice">{payNotice(a.pay_deadline)}</Text>
        )}
        {problem && <Text className="act-detail__problem">{problem}</Text>}
      </View>
      <View className="act-detail__bar">
        <Text className="act-detail__fee">{feeText(a.fee)}</Text>
        <Text className={`act-detail__btn${state.enabled ? '' : ' act-detail__btn--off'}`} onClick={press}>
          {state.text}
        </Text>
      </View>
      {signing && (
        <SignupSheet
          activity={a}
          onClose={() => setSigning(false)}
          onDone={(res) => {
            setSigning(false)
            if (res.status === 'unpaid') {
              void pay(res.signup_id)
            } else redirectTo(successUrl(a.activity_id))
          }}
        />
      )}
    </Page>
  )
}

export default observer(ActivityDetailPage)
