import { useEffect } from 'react'
import { Image, Text, View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { appStore, sessionStore } from '../../stores'
import { ROUTES } from '../../routes'
import { navigateTo } from '../../navigation'
import { ErrorView } from '../States'
import { onTabEvent } from '../TabPage/tabEvents'
import type { PanelProps } from '../TabPage/panels'
import './MinePanel.scss'

/** The "my" entries, in the order shown; only screens that exist are listed. */
const ENTRIES = [
  'goods/pages/order/order',
  'pages/my/myCoupon',
  'pages/my/wallet',
  'pages/my/commission',
  'pages/mine/friend',
  'pages/invite/invite',
  'pages/my/online',
  'pages/my/offline',
  'pages/my/certificate',
  'pages/my/activity',
  'pages/my/service',
  'pages/my/follow',
  'pages/my/report',
  'pages/bazi/list',
  'goods/pages/favorite/favorite',
  'goods/pages/address/address',
  'pages/my/union',
  'pages/my/easyApply',
  'pages/about/about'
]
  .map((path) => ROUTES.find((route) => route.path === path && route.live))
  .filter((route): route is NonNullable<typeof route> => !!route)

/** The 我的 tab: the profile of the logged-in user, or a login entry for visitors. */
function MinePanel({ tab }: PanelProps) {
  const loggedIn = sessionStore.isLoggedIn
  useEffect(() => {
    appStore.loadProfile()
  }, [loggedIn])
  useEffect(() => onTabEvent(tab, 'refresh', appStore.loadProfile), [tab])
  const profile = appStore.profile

  return (
    <View className='mine'>
      <View className='mine__head'>
        {loggedIn && profile ? (
          <>
            <Image className='mine__avatar' src={profile.avatar} mode='aspectFill' />
            <View className='mine__who'>
              <Text className='mine__nickname'>{profile.nickname || '易学用户'}</Text>
              <Text className='mine__meta'>
                ID {profile.user_id} · {profile.level > 0 ? `会员等级 ${profile.level}` : '普通用户'}
              </Text>
            </View>
          </>
        ) : loggedIn && appStore.profileError ? (
          <ErrorView message={appStore.profileError} onRetry={appStore.loadProfile} />
        ) : loggedIn ? (
          <Text className='mine__meta'>加载中…</Text>
        ) : (
          <>
            <View className='mine__avatar mine__avatar--empty' />
            <View className='mine__who'>
              <Text className='mine__nickname'>您还未登录</Text>
              <View className='mine__login' onClick={() => sessionStore.login()}>
                登录 / 注册
              </View>
            </View>
          </>
        )}
      </View>
      <View className='mine__entries'>
        {ENTRIES.map((route) => (
          <View key={route.path} className='mine__entry' onClick={() => navigateTo('/' + route.path)}>
            <Text>{route.title}</Text>
            <Text className='mine__arrow'>›</Text>
          </View>
        ))}
      </View>
      {loggedIn && (
        <View className='mine__logout' onClick={() => sessionStore.logout()}>
          退出登录
        </View>
      )}
    </View>
  )
}

export default observer(MinePanel)
