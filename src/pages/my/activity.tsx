import { Image, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import type { MyActivitySignup } from '../../api/contract'
import { getMyActivities } from '../../api/activity'
import Page from '../../components/Page'
import { Empty, ErrorView, ListFooter, Loading } from '../../components/States'
import { activityDetailUrl, feeText } from '../../components/activity/format'
import { payActivityFee, successUrl } from '../../components/activity/payFee'
import { useUser } from '../../components/shop/useUser'
import { formatDate } from '../../core/format'
import { noPage, useListPage } from '../../hooks/useListPage'
import { payExpired, payNotice } from '../../core/pay-deadline'
import { errorMessage } from '../../hooks/useRemote'
import { navigateTo } from '../../navigation'
import './activity.scss'
import LoginRequired from '../../components/States/LoginRequired'

function statusOf(s: MyActivitySignup): { text: string; tone: string } {
  // The server releases an unpaid seat after its pay window; until the list is read again it shows so.
  if (s.status === 'cancelled') return { text: '已取消（超时未支付）', tone: 'done' }
  if (s.status === 'unpaid') return payExpired(s.pay_deadline) ? { text: '已过期', tone: 'done' } : { text: '待支付', tone: 'wait' }
  if (new Date(s.activity.ends_at).getTime() <= Date.now()) return { text: '已结束', tone: 'done' }
  return { text: '已报名', tone: 'ok' }
}

/** pages/my/activity: my activity sign-ups, newest first; a waiting one can be paid here. */
function MyActivitiesPage() {
  const loggedIn = useUser('登录后查看活动报名')
  const list = useListPage((page) => (loggedIn ? getMyActivities({ page }) : Promise.resolve(noPage<MyActivitySignup>())), [loggedIn], { refreshOnShow: true })

  const pay = async (s: MyActivitySignup) => {
    try {
      if ((await payActivityFee(s.signup_id)) === 'paid') await navigateTo(successUrl(s.activity.activity_id))
      else Taro.showToast({ title: '支付已取消', icon: 'none' })
    } catch (e) {
      Taro.showToast({ title: errorMessage(e), icon: 'none' })
    }
    await list.refresh()
  }

  return (
    <Page>
      {!loggedIn ? (
        <LoginRequired message='登录后才能查看活动报名' />
      ) : !list.ready ? (
        <Loading />
      ) : list.error && !list.items.length ? (
        <ErrorView message={list.error} onRetry={list.refresh} />
      ) : !list.items.length ? (
        <View>
          <Empty text='还没有报名任何活动' />
          <View className='my-act__go' onClick={() => navigateTo('/pages/activity/activity')}>
            去看看活动
          </View>
        </View>
      ) : (
        list.items.map((s) => {
          const status = statusOf(s)
          const waiting = s.status === 'unpaid' && status.tone === 'wait'
          return (
            <View key={s.signup_id} className='my-act' onClick={() => navigateTo(activityDetailUrl(s.activity.activity_id))}>
              <View className='my-act__main'>
                <Image className='my-act__cover' src={s.activity.cover} mode='aspectFill' />
                <View className='my-act__info'>
                  <Text className='my-act__title'>{s.activity.title}</Text>
                  <Text className='my-act__line'>{formatDate(s.activity.starts_at, 'yyyy-mm-dd hh:MM')}</Text>
                  <Text className='my-act__line'>
                    {s.activity.city} · {s.name} {s.mobile}
                  </Text>
                </View>
                <Text className={`my-act__status my-act__status--${status.tone}`}>{status.text}</Text>
              </View>
              <View className='my-act__foot'>
                <Text className='my-act__time'>报名于 {formatDate(s.created_at, 'yyyy-mm-dd hh:MM')}</Text>
                <Text className='my-act__fee'>{feeText(s.amount)}</Text>
                {waiting && (
                  <Text
                    className='my-act__pay'
                    onClick={(e) => {
                      e.stopPropagation()
                      void pay(s)
                    }}
                  >
                    去支付
                  </Text>
                )}
              </View>
              {waiting && <Text className='my-act__deadline'>{payNotice(s.pay_deadline!)}</Text>}
            </View>
          )
        })
      )}
      <ListFooter loading={list.loading && list.ready} finished={list.finished} empty={!list.items.length} />
    </Page>
  )
}

export default observer(MyActivitiesPage)
