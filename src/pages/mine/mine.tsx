import { View } from '@tarojs/components'
import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'

import CountsBar from '@/components/Mine/CountsBar'
import EntryGrid from '@/components/Mine/EntryGrid'
import ProfileHeader from '@/components/Mine/ProfileHeader'
import { useCounts } from '@/components/Mine/useCounts'
import Page from '@/components/Page'
import { usePullRefresh } from '@/hooks/usePullRefresh'
import { appStore, sessionStore } from '@/stores'

/** pages/mine/mine: the second profile page — a compact header, the counts and the same entries. */
function Mine() {
  const loggedIn = sessionStore.isLoggedIn
  const { counts, reload } = useCounts()
  useEffect(() => {
    void appStore.loadProfile()
  }, [loggedIn])
  usePullRefresh(() => Promise.all([appStore.loadProfile(), reload()]))
  return (
    <Page>
      <View className="mine">
        <ProfileHeader compact />
        {loggedIn && <CountsBar counts={counts} />}
        <EntryGrid />
      </View>
    </Page>
  )
}

export default observer(Mine)
