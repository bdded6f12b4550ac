import { featureOf } from '@contract/features'
import { findRoute, isTabRoute, normalizePath, NOT_FOUND, TABS } from '@contract/routes'
import Taro from '@tarojs/taro'

import { linkHidden } from './core/features'
import { jump } from './core/jump'
import { switchToTab } from './platform/tabs'

/**
 * The app's navigation: a tab route is never pushed or redirected — such a call switches tabs
 * (switchTab semantics on both targets). Everything else is an ordinary page.
 */
export function switchTab(indexOrPath: number | string): Promise<unknown> {
  const path = typeof indexOrPath === 'number' ? TABS[indexOrPath].path : normalizePath(indexOrPath)
  return switchToTab(path)
}

export function navigateTo(url: string): Promise<unknown> {
  if (isTabRoute(url)) return switchTab(url)
  return Taro.navigateTo({ url: withSlash(ungated(url)) })
}

export function redirectTo(url: string): Promise<unknown> {
  if (isTabRoute(url)) return switchTab(url)
  return Taro.redirectTo({ url: withSlash(ungated(url)) })
}

/** A link to a feature this client hides (渠道功能) opens the page that says so, not the feature's package. */
function ungated(url: string): string {
  return linkHidden(url) ? `${NOT_FOUND}?feature=${featureOf(url)}` : url
}

export function reLaunch(url: string): Promise<unknown> {
  return Taro.reLaunch({ url: withSlash(url) })
}

/** Back one page; with nothing to go back to (a deep link), go to the home tab. */
export function navigateBack(): Promise<unknown> {
  if (Taro.getCurrentPages().length > 1) return Taro.navigateBack({ delta: 1 })
  return switchTab(0)
}

export function isKnownRoute(url: string): boolean {
  return !!findRoute(url)?.live
}

function withSlash(url: string) {
  return url.startsWith('/') ? url : '/' + url
}

/** Opens any link from the server (see core/jump); a path the app does not have says so. */
export function openLink(url: string | undefined | null): boolean {
  const link = (url || '').trim()
  if (link && !/^https?:\/\//i.test(link) && !isKnownRoute(link)) {
    Taro.showToast({ title: '页面不存在', icon: 'none' })
    return false
  }
  return jump(link, {
    navigateTo: (u) => void navigateTo(u),
    switchTab: (u) => void switchTab(u),
    isTabRoute
  })
}
