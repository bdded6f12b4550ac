import { TABS } from '@contract/routes'
import Taro, { useDidShow, usePageScroll, usePullDownRefresh, useReachBottom } from '@tarojs/taro'
import { useEffect, useState, useSyncExternalStore } from 'react'

import Page from '@/components/Page'
import { routeTitle } from '@/core/i18n'
import { useLocale } from '@/hooks/useLocale'
import { Box } from '@/platform/plain'
import { TABS_SHARE_ONE_PAGE } from '@/platform/tabs'

import { PANELS } from './panels'
import { emitTabEvent } from './tab-events'
import { tabState } from './tab-state'

/** H5: each tab page shows its own panel, whichever tab another page shows. */
const subscribe = TABS_SHARE_ONE_PAGE ? tabState.subscribe : () => () => undefined

/**
 * What every tab route renders. H5: the router keeps one page per tab, so this shows its own
 * panel. Mini-program: the bottom page hosts every visited panel and shows the active one.
 */
export default function TabPage({ index }: { index: number }) {
  useState(() => tabState.show(index))
  const state = useSyncExternalStore(subscribe, tabState.getSnapshot)
  // The tab's title in the app's language: Page sets the navigation bar's (Taro.setNavigationBarTitle) from it.
  useLocale()
  const active = TABS_SHARE_ONE_PAGE ? state.active : index
  const shown = TABS_SHARE_ONE_PAGE ? state.visited : [index]

  // Each tab page keeps its own scroll (H5: one page per tab). Panels that share one page
  // (mini-program) share its scroll too: a switch puts the shown panel back where it was.
  usePageScroll(({ scrollTop }) => TABS_SHARE_ONE_PAGE && tabState.saveScroll(active, scrollTop))
  // A panel learns it is shown again: switched to, or its page back on screen (a sub-page closed).
  useEffect(() => {
    if (TABS_SHARE_ONE_PAGE) restoreScroll(active)
    void emitTabEvent(active, 'show')
  }, [active])
  useDidShow(() => void emitTabEvent(active, 'show'))
  usePullDownRefresh(() => {
    emitTabEvent(active, 'refresh').finally(() => Taro.stopPullDownRefresh())
  })
  useReachBottom(() => {
    emitTabEvent(active, 'reachBottom')
  })

  return (
    <Page tab={active} title={routeTitle(TABS[active])}>
      {shown.map((tab) => {
        const Panel = PANELS[tab]
        return (
          <Box key={tab} className="tab-panel" style={{ display: tab === active ? 'block' : 'none' }}>
            <Panel tab={tab} />
          </Box>
        )
      })}
    </Page>
  )
}

function restoreScroll(tab: number) {
  const top = tabState.scroll[tab] || 0
  Taro.pageScrollTo({ scrollTop: top, duration: 0 }).catch(() => undefined)
}
