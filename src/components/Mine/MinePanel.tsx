import './MinePanel.scss'

import { View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'

import { takeNotices } from '@/api/user'
import type { PanelProps } from '@/components/TabPage/panels'
import { onTabEvent } from '@/components/TabPage/tab-events'
import { appStore, sessionStore } from '@/stores'

import CountsBar from './CountsBar'
import EntryGrid from './EntryGrid'
import ProfileHeader from './ProfileHeader'
import { useCounts } from './useCounts'

/** The 我的 tab: profile header, counts, every "my" page, and login for visitors. */
function MinePanel({ tab }: PanelProps) {
  const loggedIn = sessionStore.isLoggedIn
  const { counts, reload } = useCounts()
  useEffect(() => {
    appStore.loadProfile()
    // Content taken down after it was saved (WeChat's image check answers later): tell the owner once.
    if (loggedIn)
      takeNotices()
        .then(({ list }) => {
          if (list.length) void Taro.showModal({ title: '内容未通过审核', content: list.join('\n'), showCancel: false })
        })
        .catch(() => undefined)
  }, [loggedIn])
  useEffect(
    () =>
      onTabEvent(tab, 'refresh', async () => {
        await Promise.all([appStore.loadProfile(), reload()])
      }),
    [tab, reload]
  )
  // Shown again (a tab switch, back from a page it opened): the counts and the unread messages may have changed.
  useEffect(() => onTabEvent(tab, 'show', reload), [tab, reload])

  return (
    <View className="mine">
      <ProfileHeader />
      {loggedIn && <CountsBar counts={counts} />}
      <EntryGrid />
      {loggedIn && (
        <View className="mine__logout" onClick={() => sessionStore.logout()}>
          退出登录
        </View>
      )}
    </View>
  )
}

export default observer(MinePanel)
