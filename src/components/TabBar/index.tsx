import './index.scss'

import { TABS } from '@contract/routes'
import { useSyncExternalStore } from 'react'

import { badgeText } from '@/core/format'
import { routeTitle } from '@/core/i18n'
import { useLocale } from '@/hooks/useLocale'
import { switchTab } from '@/navigation'
import { singlePageMode } from '@/platform/env'
import { Box, Label, StrokeIcon } from '@/platform/plain'
import { unreadStore } from '@/stores/unread'
import { COLORS } from '@/theme'

import { TAB_ICON_PATHS } from './icons'

/** The 我的 tab, the last: its badge counts the unread messages. */
const MINE = TABS.length - 1

/** The six-tab bar (docs/spec.md §2): 50px high, 24px icons, 10px text, orange when selected. */
export default function TabBar({ active }: { active: number }) {
  const unread = useSyncExternalStore(unreadStore.subscribe, unreadStore.get)
  // Labels in the app's language: the bar is ours on both targets (no native tabBar whose items need setting).
  useLocale()
  // 单页模式 opens no other page: WeChat's bottom bar (前往小程序) takes the bar's place.
  if (singlePageMode()) return null
  return (
    <Box className="tab-bar-holder">
      <Box className="tab-bar" role="tablist">
        {TABS.map((route, index) => {
          const selected = index === active
          const color = selected ? COLORS.primary : COLORS.tabText
          return (
            <Box
              key={route.path}
              className={`tab-bar__item${selected ? ' tab-bar__item--active' : ''}`}
              role="tab"
              aria-selected={selected}
              data-tab={index}
              onClick={() => !selected && switchTab(index)}
            >
              <StrokeIcon className="tab-bar__icon" path={TAB_ICON_PATHS[index]} color={color} />
              {index === MINE && unread > 0 && (
                <Label className="count-badge tab-bar__badge">{badgeText(unread)}</Label>
              )}
              <Label className="tab-bar__text" style={{ color }}>
                {routeTitle(route)}
              </Label>
            </Box>
          )
        })}
      </Box>
    </Box>
  )
}
