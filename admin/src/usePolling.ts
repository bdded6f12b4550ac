import { useEffect, useRef } from 'react'

/** How often the console asks again for what changes by itself (the bell, the dashboard). */
export const POLL_MS = 15_000
/** Shown and focused arrive together when a tab comes back: one refresh for both. */
const SETTLE_MS = 1_000

/**
 * Calls `refresh` now and every `intervalMs` while the tab is shown; `background` is true on the timer's rounds,
 * which the operator did not ask for (their reads go through `api.poll`, so they keep no idle session alive). A
 * hidden tab asks nothing, so consoles left open in the background cost the server nothing; coming back (the tab
 * shown again, the window focused) refreshes at once. A refresh still under way is not started again beside itself.
 */
export function usePolling(refresh: (background: boolean) => Promise<unknown>, intervalMs = POLL_MS): void {
  const latest = useRef(refresh)
  useEffect(() => {
    latest.current = refresh
  }, [refresh])

  useEffect(() => {
    let timer: number | undefined
    let running = false
    let lastRun = 0
    const run = (background: boolean) => {
      if (running) return
      running = true
      lastRun = Date.now()
      void latest.current(background).finally(() => (running = false))
    }
    const stop = () => {
      window.clearInterval(timer)
      timer = undefined
    }
    const start = () => {
      stop()
      if (Date.now() - lastRun >= SETTLE_MS) run(false)
      timer = window.setInterval(() => run(true), intervalMs)
    }
    const shown = () => document.visibilityState === 'visible'
    const onVisibility = () => (shown() ? start() : stop())
    const onFocus = () => {
      if (shown()) start()
    }
    if (shown()) start()
    document.addEventListener('visibilitychange', onVisibility)
    window.addEventListener('focus', onFocus)
    return () => {
      stop()
      document.removeEventListener('visibilitychange', onVisibility)
      window.removeEventListener('focus', onFocus)
    }
  }, [intervalMs])
}
