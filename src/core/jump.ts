import { WEB_VIEW_ROUTE } from './constants'
import { splitRoute, stringifyQuery } from './url'

/** The navigation the app provides (the route table knows which paths are tabs). */
export interface Navigator {
  navigateTo(url: string): void
  switchTab(url: string): void
  /** path without a leading slash or query, e.g. 'pages/my/my' */
  isTabRoute(path: string): boolean
}

/**
 * Opens any link the server sends: a tab route is switched to (tabs are never pushed, and take no query),
 * any other app route is pushed with its query, an http(s) address opens in the web-view page.
 * Returns false for an empty link.
 */
export function jump(url: string | undefined | null, nav: Navigator): boolean {
  const link = (url || '').trim()
  if (!link) return false
  if (/^https?:\/\//i.test(link)) {
    nav.navigateTo(`/${WEB_VIEW_ROUTE}?${stringifyQuery({ url: link })}`)
    return true
  }
  const { path } = splitRoute(link)
  if (nav.isTabRoute(path)) nav.switchTab(`/${path}`)
  else nav.navigateTo(`/${link.replace(/^\/+/, '')}`)
  return true
}
