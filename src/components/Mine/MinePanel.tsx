import './MinePanel.scss'

import { View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'

import { takeNotices } from '@/api/user'
import type { PanelProps } from '@/components/TabPage/panels'
import { onTabEvent } from '@/components/TabPage/tab-events'
import { t } from '@/core/i18n'
import { useLocale } from '@/hooks/useLocale'
import { appStore, sessionStore } from '@/stores'

import CountsBar from './CountsBar'
import EntryGrid from './EntryGrid'
import LanguageSetting from './LanguageSetting'
import ProfileHeader from './ProfileHeader'
import { useCounts } from './useCounts'

/** The 我的 tab: profile header, counts, every "my" page, the language, and login for visitors. */
function MinePanel({ tab }: PanelProps) {
  useLocale()
  const loggedIn = sessionStore.isLoggedIn
  const { counts, reload } = useCounts()
  useEffect(() => {
    appStore.loadProfile()
    // Content taken down after it was saved (WeChat's image check answers later): tell the owner once.
    if (loggedIn)
      takeNotices()
        .then(({ list }) => {
          if (list.length)
            void Taro.showModal({ title: t('mine.noticeTitle'), content: list.join('\n'), showCancel: false })
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
      <LanguageSetting />
      {loggedIn && (
        <View className="mine__logout" onClick={() => sessionStore.logout()}>
          {t('mine.logout')}
        </View>
      )}
    </View>
  )
}

export default observer(MinePanel)
