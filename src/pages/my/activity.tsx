import './activity.scss'

import type { MyActivitySignup } from '@contract'
import { Image, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'

import { cancelActivitySignup, getMyActivities } from '@/api/activity'
import { activityDetailUrl, feeText } from '@/components/activity/format'
import { payActivityFee, successUrl } from '@/components/activity/pay-fee'
import Page from '@/components/Page'
import { refundText } from '@/components/refund'
import { Empty, ErrorView, ListFooter, Loading } from '@/components/States'
import LoginRequired from '@/components/States/LoginRequired'
import { errorMessage } from '@/core/errors'
import { formatDate, formatFen } from '@/core/format'
import { payExpired, payNotice } from '@/core/pay-deadline'
import { noPage, useListPage } from '@/hooks/useListPage'
import { useSubscribe } from '@/hooks/useSubscribe'
import { useUser } from '@/hooks/useUser'
import { navigateTo } from '@/navigation'
import { confirmDialog } from '@/platform/ui'

function statusOf(s: MyActivitySignup): { text: string; tone: string } {
  // The server releases an unpaid seat after its pay window; until the list is read again it shows so.
  if (s.status === 'cancelled')
    return {
      text:
        s.cancelled_by === 'user'
          ? '已取消'
          : s.cancelled_by === 'operator'
            ? '已取消（主办方）'
            : '已取消（超时未支付）',
      tone: 'done'
    }
  if (s.status === 'unpaid')
    return payExpired(s.pay_deadline) ? { text: '已过期', tone: 'done' } : { text: '待支付', tone: 'wait' }
  if (s.checked_in_at) return { text: '已签到', tone: 'ok' }
  if (new Date(s.activity.ends_at).getTime() <= Date.now()) return { text: '已结束', tone: 'done' }
  return { text: '已报名', tone: 'ok' }
}

/** pages/my/activity: my activity sign-ups, newest first; a waiting one can be paid here. */
function MyActivitiesPage() {
  const loggedIn = useUser('登录后查看活动报名')
  const list = useListPage(
    (page) => (loggedIn ? getMyActivities({ page }) : Promise.resolve(noPage<MyActivitySignup>())),
    [loggedIn],
    { refreshOnShow: true }
  )

  const subscribe = useSubscribe('pay')

  const pay = async (s: MyActivitySignup) => {
    // The mini-program's 订阅消息 ask, within the tap.
    await subscribe()
    try {
      if ((await payActivityFee(s.signup_id)) === 'paid') await navigateTo(successUrl(s.activity.activity_id))
      else Taro.showToast({ title: '支付已取消', icon: 'none' })
    } catch (e) {
      Taro.showToast({ title: errorMessage(e), icon: 'none' })
    }
    await list.refresh()
  }

  const cancel = async (s: MyActivitySignup) => {
    const money = s.status === 'signed' && s.amount > 0 ? `，报名费 ${formatFen(s.amount)} 将原路退回` : ''
    if (!(await confirmDialog('取消报名', `取消后名额将释放给其他人${money}，确定取消吗？`))) return
    try {
      const done = await cancelActivitySignup({ signup_id: s.signup_id })
      Taro.showToast({
        title:
          done.refund_status === 'refunded'
            ? '已取消，报名费已原路退回'
            : done.refund_status === 'processing'
              ? '已取消，退款处理中'
              : '已取消报名',
        icon: 'none'
      })
    } catch (e) {
      Taro.showToast({ title: errorMessage(e), icon: 'none' })
    }
    await list.refresh()
  }

  return (
    <Page>
      {!loggedIn ? (
        <LoginRequired message="登录后才能查看活动报名" />
      ) : !list.ready ? (
        <Loading />
      ) : list.error && !list.items.length ? (
        <ErrorView message={list.error} onRetry={list.refresh} />
      ) : !list.items.length ? (
        <View>
          <Empty text="还没有报名任何活动" />
          <View className="my-act__go" onClick={() => navigateTo('/pages/activity/activity')}>
            去看看活动
          </View>
        </View>
      ) : (
        list.items.map((s) => {
          const status = statusOf(s)
          const waiting = s.status === 'unpaid' && status.tone === 'wait'
          return (
            <View
              key={s.signup_id}
              className="my-act"
              onClick={() => navigateTo(activityDetailUrl(s.activity.activity_id))}
            >
              <View className="my-act__main">
                <Image className="my-act__cover" src={s.activity.cover} mode="aspectFill" />
                <View className="my-act__info">
                  <Text className="my-act__title">{s.activity.title}</Text>
                  <Text className="my-act__line">{formatDate(s.activity.starts_at, 'yyyy-mm-dd hh:MM')}</Text>
                  <Text className="my-act__line">
                    {s.activity.city} · {s.name} {s.mobile}
                  </Text>
                </View>
                <Text className={`my-act__status my-act__status--${status.tone}`}>{status.text}</Text>
              </View>
              <View className="my-act__foot">
                <Text className="my-act__time">报名于 {formatDate(s.created_at, 'yyyy-mm-dd hh:MM')}</Text>
                <Text className="my-act__fee">{feeText(s.amount)}</Text>
                {s.can_cancel && status.tone !== 'done' && (
                  <Text
                    className="my-act__cancel"
                    onClick={(e) => {
                      e.stopPropagation()
                      void cancel(s)
                    }}
                  >
                    取消报名
                  </Text>
                )}
                {waiting && (
                  <Text
                    className="my-act__pay"
                    onClick={(e) => {
                      e.stopPropagation()
                      void pay(s)
                    }}
                  >
                    去支付
                  </Text>
                )}
              </View>
              {waiting && <Text className="my-act__deadline">{payNotice(s.pay_deadline!)}</Text>}
              {s.status === 'signed' && s.refund_deadline && !s.checked_in_at && (
                <Text className="my-act__note">
                  {s.can_cancel
                    ? `${formatDate(s.refund_deadline, 'yyyy-mm-dd hh:MM')} 前可取消并全额退款`
                    : '已过可退款取消的时限，如有疑问请联系主办方'}
                </Text>
              )}
              {s.status === 'cancelled' && s.cancelled_by === 'operator' && s.cancel_reason && (
                <Text className="my-act__note">取消原因：{s.cancel_reason}</Text>
              )}
              {s.refund && <Text className="my-act__note my-act__note--refund">{refundText(s.refund)}</Text>}
            </View>
          )
        })
      )}
      <ListFooter loading={list.loading && list.ready} finished={list.finished} empty={!list.items.length} />
    </Page>
  )
}

export default observer(MyActivitiesPage)
