import type { Paged } from '@contract'
import { useDidShow, useReachBottom } from '@tarojs/taro'

import { type PagedList, usePaged } from './usePaged'
import { usePullRefresh } from './usePullRefresh'

/**
 * A screen whose body is a paged list: page 1 at once, the next page on reaching the bottom, page 1
 * again on pull-down (its route has `refresh: true`) and, with `refreshOnShow`, whenever the page shows
 * again (back from a detail or a payment, where what is listed may have changed).
 */
export function useListPage<T>(
  load: (page: number) => Promise<Paged<T>>,
  deps: unknown[],
  options: { refreshOnShow?: boolean } = {}
): PagedList<T> {
  const list = usePaged(load, deps)
  usePullRefresh(() => list.refresh())
  useReachBottom(() => void list.more())
  useDidShow(() => {
    if (options.refreshOnShow && list.ready) void list.refresh()
  })
  return list
}

/** What a list shows a visitor before login: nothing, and no request. */
export const noPage = <T>(): Paged<T> => ({ list: [], total: 0, page: 1, per_page: 15, last_page: 1 })
