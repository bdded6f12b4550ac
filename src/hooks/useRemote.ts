import { startTransition, useCallback, useEffect, useRef, useState } from 'react'

import { errorMessage } from '@/core/errors'

export interface Remote<T> {
  data: T | undefined
  error: string | undefined
  loading: boolean
  /** Load again, keeping what is shown until the new data arrives (pull-down refresh). */
  reload: () => Promise<void>
}

/** Loads data for a screen and tracks its loading and error states. */
export function useRemote<T>(load: () => Promise<T>, deps: unknown[] = []): Remote<T> {
  const [data, setData] = useState<T>()
  const [error, setError] = useState<string>()
  const [loading, setLoading] = useState(true)
  const latest = useRef(0)
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
    reload()
  }, [reload])
  return { data, error, loading, reload }
}
