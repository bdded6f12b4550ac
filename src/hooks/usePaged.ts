import type { Paged } from '@contract'
import { useCallback, useEffect, useRef, useState } from 'react'

import { errorMessage } from '@/core/errors'

export interface PagedList<T> {
  items: T[]
  /** How many the server has in all. */
  total: number
  /** The first page has arrived (or failed). */
  ready: boolean
  loading: boolean
  error: string | undefined
  /** The last page is shown. */
  finished: boolean
  /** Loads page 1 again, keeping what is shown until it arrives (pull-down refresh, a new filter). */
  refresh: () => Promise<void>
  /** Loads the next page (reach-bottom); does nothing while loading or at the end. */
  more: () => Promise<void>
  /** Replaces one shown item (after an action on it). */
  update: (match: (item: T) => boolean, next: T | null) => void
}

/** A list the server hands out page by page; `deps` changing starts over at page 1. */
export function usePaged<T>(load: (page: number) => Promise<Paged<T>>, deps: unknown[]): PagedList<T> {
  const [items, setItems] = useState<T[]>([])
  const [total, setTotal] = useState(0)
  const [ready, setReady] = useState(false)
  const [loading, setLoading] = useState(false)
  const [error, setError] = useState<string>()
  const [finished, setFinished] = useState(false)
  const state = useRef({ page: 0, call: 0, loading: false, finished: false })

  const fetchPage = useCallback(async (page: number) => {
    const call = ++state.current.call
    state.current.loading = true
    setLoading(true)
    try {
      const result = await load(page)
      if (call !== state.current.call) return
      const done = result.page >= result.last_page || result.list.length === 0
      state.current.page = page
      state.current.finished = done
      setItems((shown) => (page === 1 ? result.list : [...shown, ...result.list]))
      setTotal(result.total)
      setFinished(done)
      setError(undefined)
    } catch (e) {
      if (call === state.current.call) setError(errorMessage(e, '加载失败'))
    } finally {
      if (call === state.current.call) {
        state.current.loading = false
        setLoading(false)
        setReady(true)
      }
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's deps decide when to load again
  }, deps)

  const refresh = useCallback(() => fetchPage(1), [fetchPage])
  const more = useCallback(async () => {
    if (state.current.loading || state.current.finished || state.current.page === 0) return
    await fetchPage(state.current.page + 1)
  }, [fetchPage])
  const update = useCallback((match: (item: T) => boolean, next: T | null) => {
    setItems((shown) =>
      next ? shown.map((item) => (match(item) ? next : item)) : shown.filter((item) => !match(item))
    )
  }, [])

  useEffect(() => {
    state.current.finished = false
    void refresh()
  }, [refresh])

  return { items, total, ready, loading, error, finished, refresh, more, update }
}
