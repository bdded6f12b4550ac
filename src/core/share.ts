import { type Query, splitRoute, stringifyQuery, withoutHash, withoutSearchParams } from './url'

/** What a page shares: the platform adds the link (H5) or the path (mini-program). */
export interface ShareContent {
  title: string
  desc?: string
  imageUrl?: string
  /**
   * What a friend opens instead of this page with its options, for pages a friend could not open as
   * they are (e.g. a saved record, which only its owner may read: share the birth query instead).
   */
  target?: { route: string; options: Query }
}

export interface ShareTarget {
  /** The page route, e.g. 'pages/course/detail' (a leading '/' and a query are allowed). */
  route: string
  /** The page's current options (its query). */
  options?: Query
  /** The sharing user's id: it becomes the link's referee_id. */
  userId?: number | string | null
}

/** Query keys the framework adds to a page's options; they must not travel in a shared link. */
const FRAMEWORK_KEYS = /^\$taro/

/**
 * The route's own query plus the page options, with referee_id set to the sharing user.
 * A visitor without an id passes the link on unchanged, keeping the referrer it came with.
 */
function shareQuery({ route, options = {}, userId }: ShareTarget): { path: string; query: string } {
  const { path, query: routeQuery } = splitRoute(route)
  const merged: Query = { ...routeQuery, ...options }
  const { referee_id: previous, ...rest } = merged
  for (const key of Object.keys(rest)) if (FRAMEWORK_KEYS.test(key)) delete rest[key]
  const referee = userId !== undefined && userId !== null && userId !== '' ? userId : previous
  return { path, query: stringifyQuery({ ...rest, referee_id: referee === '' ? undefined : referee }) }
}

/**
 * The H5 share link (docs/spec.md §4): the h5 host + '#/' + route + the page's options + referee_id of the sharer.
 * A hash or a login code/state already on the host address is dropped; other host parameters stay.
 */
export function buildShareLink(target: ShareTarget & { h5Host: string }): string {
  let base = withoutSearchParams(withoutHash(target.h5Host.trim()), ['code', 'state'])
  if (/^https?:\/\/[^/?]+$/i.test(base)) base += '/'
  const { path, query } = shareQuery(target)
  return `${base}#/${path}${query ? `?${query}` : ''}`
}

export interface MiniShare {
  /** onShareAppMessage: a path '/route?query'. */
  appMessage: { path: string; title: string; imageUrl?: string }
  /** onShareTimeline: a query, never a path. */
  timeline: { query: string; title: string; imageUrl?: string }
}

/** What the mini-program's onShareAppMessage and onShareTimeline return for a page. */
export function buildMiniShare(target: ShareTarget & ShareContent): MiniShare {
  const { path, query } = shareQuery(target)
  const { title, imageUrl } = target
  return {
    appMessage: { path: `/${path}${query ? `?${query}` : ''}`, title, imageUrl },
    timeline: { query, title, imageUrl }
  }
}
