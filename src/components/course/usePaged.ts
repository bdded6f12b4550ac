import { useCallback, useEffect, useRef, useState } from 'react'
import type { Paged } from '../../api/contract'
import { errorMessage } from '../../hooks/useRemote'

export interface PagedList<T> {
  items: T[]
  total: number
  /** The first page has arrived (or failed). */
  loaded: boolean
  loading: boolean
  error: string | undefined
  finished: boolean
  /** Page 1 again, replacing what is shown when it arrives (pull-down refresh). */
  reload: () => Promise<void>
  /** The next page, when there is one and nothing is loading. */
  loadMore: () => Promise<void>
}

/** A list loaded page by page; a reload discards answers still on their way. */
export function usePaged<T>(load: (page: number) => Promise<Paged<T>>, deps: unknown[] = []): PagedList<T> {
  const [items, setItems] = useState<T[]>([])
  const [total, setTotal] = useState(0)
  const [loaded, setLoaded] = useState(false)
  const [loading, setLoading] = useState(false)
  const [error, setError] = useState<string>()
  const [page, setPage] = useState(0)
  const [lastPage, setLastPage] = useState(1)
  const generation = useRef(0)
  const busy = useRef(false)

  const fetchPage = useCallback(async (next: number, replace: boolean) => {
    const call = replace ? ++generation.current : generation.current
    busy.current = true
    setLoading(true)
    try {
      const result = await load(next)
      if (call !== generation.current) return
      setItems((old) => (replace ? result.list : [...old, ...result.list]))
      setTotal(result.total)
      setPage(result.page)
      setLastPage(result.last_page)
      setError(undefined)
    } catch (e) {
      if (call === generation.current) setError(errorMessage(e))
    } finally {
      if (call === generation.current) {
        busy.current = false
        setLoading(false)
        setLoaded(true)
      }
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps)

  const reload = useCallback(() => fetchPage(1, true), [fetchPage])
  const loadMore = useCallback(async () => {
    if (busy.current || page >= lastPage) return
    await fetchPage(page + 1, false)
  }, [fetchPage, page, lastPage])

  useEffect(() => {
    reload()
  }, [reload])

  return { items, total, loaded, loading, error, finished: loaded && page >= lastPage, reload, loadMore }
}
