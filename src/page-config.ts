import { DEFAULT_TITLE, findRoute } from '@contract/routes'

/** A page's config from the route table: title, pull-down refresh, reach-bottom distance, sharing. */
export function pageConfig(path: string) {
  const route = findRoute(path)
  if (!route) throw new Error(`route not in routes.ts: ${path}`)
  return {
    navigationBarTitleText: route.title || DEFAULT_TITLE,
    navigationStyle: 'custom' as const,
    enablePullDownRefresh: !!route.refresh,
    onReachBottomDistance: route.reachBottom ?? 50,
    backgroundTextStyle: 'dark' as const,
    // Without these Taro never registers the mini-program share handlers.
    enableShareAppMessage: true,
    enableShareTimeline: true
  }
}
