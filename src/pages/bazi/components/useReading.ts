import type { ChartSource, ReadingResponse } from '@contract'
import { useCallback, useEffect, useRef, useState } from 'react'

import { getReading, startReading } from '@/api/tools'
import { errorMessage } from '@/core/errors'

/** How often a streaming reading is asked for its new text. */
export const POLL_MS = 800

/**
 * Starts the reading of a chart and, while the model is still writing, polls it so the text shows
 * as it arrives. Plain requests (no server-sent events) work alike on H5 and in the mini-program.
 */
export function useReading(source: ChartSource | null, enabled: boolean) {
  const [reading, setReading] = useState<ReadingResponse>()
  const [error, setError] = useState<string>()
  const run = useRef(0)
  const key = JSON.stringify(source)

  const start = useCallback(async () => {
    if (!source || !enabled) return
    const id = ++run.current
    setError(undefined)
    setReading(undefined)
    try {
      let current = await startReading(source)
      while (run.current === id) {
        setReading(current)
        if (current.status !== 'streaming') break
        await new Promise((r) => setTimeout(r, POLL_MS))
        if (run.current !== id) break
        current = await getReading(current.id)
      }
    } catch (e) {
      if (run.current === id) setError(errorMessage(e))
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the reading restarts only for another chart
  }, [key, enabled])

  useEffect(() => {
    void start()
    return () => {
      // eslint-disable-next-line react-hooks/exhaustive-deps -- bumping the current count cancels this run
      run.current++
    }
  }, [start])

  return { reading, error, retry: start }
}
