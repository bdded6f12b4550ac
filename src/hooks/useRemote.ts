import { startTransition, useCallback, useEffect, useRef, useState } from 'react'

import { errorMessage } from '@/core/errors'

export interface Remote<T> {
  data: T | undefined
  error: string | undefined
  loading: boolean
  /** Load again, keeping what is shown until the new data arrives (pull-down refresh). */
  reload: () => Promise<void>
}

/**
 * Loads data for a screen and tracks its loading and error states. `initial`, read once, is data already at
 * hand: the first render draws it and the first load is skipped. `stale`, read once when there is no `initial`,
 * is an older copy: the first render draws it and the first load replaces it (a failed load keeps it shown).
 */
export function useRemote<T>(
  load: () => Promise<T>,
  deps: unknown[] = [],
  initial?: () => T | undefined,
  stale?: () => T | undefined
): Remote<T> {
  const [first] = useState(() => {
    const fresh = initial?.()
    return fresh !== undefined ? { data: fresh, fresh: true } : { data: stale?.(), fresh: false }
  })
  const [data, setData] = useState<T | undefined>(first.data)
  const [error, setError] = useState<string>()
  const [loading, setLoading] = useState(!first.fresh)
  const latest = useRef(0)
  const given = useRef(first.fresh)
  const reload = useCallback(async () => {
    const call = ++latest.current
    setLoading(true)
    try {
      const result = await load()
      if (call !== latest.current) return
      // A transition: rendering what arrived yields to input instead of holding the main thread.
      startTransition(() => {
        setData(result)
        setError(undefined)
        setLoading(false)
      })
    } catch (e) {
      if (call !== latest.current) return
      setError(errorMessage(e, '加载失败'))
      setLoading(false)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's deps decide when to load again
  }, deps)
  useEffect(() => {
    if (given.current) given.current = false
    else reload()
  }, [reload])
  return { data, error, loading, reload }
}
