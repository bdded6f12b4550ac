import './success.scss'

import { Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'

import { getActivity } from '@/api/activity'
import { feeText, timeRange } from '@/components/activity/format'
import Page from '@/components/Page'
import { ErrorView, Loading } from '@/components/States'
import { useRemote } from '@/hooks/useRemote'
import { navigateTo, redirectTo } from '@/navigation'

/** pages/activity/success: the sign-up is confirmed; when and where to go. */
export default function ActivitySuccessPage() {
  const activityId = Number(Taro.getCurrentInstance().router?.params.activity_id) || 0
  const remote = useRemote(() => getActivity({ activity_id: activityId }), [activityId])

  if (!remote.data)
    return <Page>{remote.error ? <ErrorView message={remote.error} onRetry={remote.reload} /> : <Loading />}</Page>
  const a = remote.data.detail
  const signed = a.my_status === 'signed'

  return (
    <Page
      title={signed ? undefined : '报名未完成'}
      share={{ title: a.title, desc: '我已报名，一起来参加吧', imageUrl: a.cover }}
    >
      <View className="act-success">
        <View className={`act-success__icon${signed ? '' : ' act-success__icon--wait'}`}>{signed ? '✓' : '!'}</View>
        <Text className="act-success__state">
          {signed ? '报名成功' : a.my_status === 'unpaid' ? '待支付，名额为您保留' : '尚未报名'}
        </Text>
        <Text className="act-success__hint">
          {signed ? '请按时到场，活动开始前我们会短信提醒您' : '完成支付后报名才生效'}
        </Text>
        <View className="act-success__card">
          <Text className="act-success__title">{a.title}</Text>
          <Text className="act-success__line">时间：{timeRange(a.starts_at, a.ends_at)}</Text>
          <Text className="act-success__line">
            地点：{a.city} · {a.address}
          </Text>
          <Text className="act-success__line">费用：{feeText(a.fee)}</Text>
        </View>
        <View className="act-success__btn" onClick={() => redirectTo('/pages/my/activity')}>
          查看我的报名
        </View>
        <View
          className="act-success__btn act-success__btn--ghost"
          onClick={() => navigateTo('/pages/activity/activity')}
        >
          看看其他活动
        </View>
      </View>
    </Page>
  )
}
