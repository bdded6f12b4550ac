import { isHiddenLink } from '@contract/features'
import { type Route, ROUTES } from '@contract/routes'

import type { MessageKey } from '@/core/i18n'

/** The "my" entries of the spec in two groups, in the order shown; only screens that exist are listed. */
const GROUPS: { title: MessageKey; paths: string[] }[] = [
  {
    title: 'mine.groupAssets',
    paths: ['pages/my/wallet', 'pages/my/commission', 'pages/mine/friend', 'pages/invite/invite', 'pages/my/myCoupon']
  },
  {
    title: 'mine.groupServices',
    paths: [
      'goods/pages/order/order',
      'pages/my/online',
      'pages/my/offline',
      'pages/my/certificate',
      'pages/my/activity',
      'pages/my/service',
      'pages/my/follow',
      'pages/my/report',
      'pages/bazi/list',
      'pages/article/article',
      'pages/examination/selected',
      'goods/pages/favorite/favorite',
      'goods/pages/address/address',
      'pages/my/union',
      'pages/my/easyApply',
      'pages/my/info',
      'pages/about/about'
    ]
  }
]

export interface EntryGroup {
  /** The group's title in the catalogue. */
  title: MessageKey
  routes: Route[]
}

/** The groups with the routes that are live now and not hidden on this client (渠道功能). */
export function entryGroups(hidden: readonly string[] = []): EntryGroup[] {
  return GROUPS.map((g) => ({
    title: g.title,
    routes: g.paths
      .filter((path) => !isHiddenLink(path, hidden))
      .map((path) => ROUTES.find((route) => route.path === path && route.live))
      .filter((route): route is Route => !!route)
  })).filter((g) => g.routes.length > 0)
}

export const isLive = (path: string) => ROUTES.some((route) => route.path === path && route.live)
