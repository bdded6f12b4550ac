import { findRoute, isTabRoute, TABS } from '@contract/routes'
import Taro from '@tarojs/taro'

import { tabState } from '@/components/TabPage/tab-state'

/**
 * Mini-program: no native tab bar can hold six tabs, so the page at the bottom of the stack hosts
 * all six tab panels (visited ones stay mounted). Switching = show another panel and close the
 * sub-pages above it; with no tab page at the bottom, reLaunch onto the tab's own route.
 */
export const TABS_SHARE_ONE_PAGE = true

export function switchToTab(path: string): Promise<unknown> {
  const index = findRoute(path)?.tab ?? 0
  const pages = Taro.getCurrentPages()
  const bottom = pages[0]
  if (bottom && isTabRoute(bottom.route || '')) {
    tabState.show(index)
    return pages.length > 1 ? Taro.navigateBack({ delta: pages.length - 1 }) : Promise.resolve()
  }
  tabState.show(index)
  return Taro.reLaunch({ url: '/' + TABS[index].path })
}
