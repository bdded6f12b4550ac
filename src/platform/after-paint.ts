/**
 * Runs `run` once the browser has painted what is on screen now (the frame after the next animation frame),
 * so that work which can wait does not hold the first paint. Returns a cancel function.
 */
export function afterPaint(run: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0)
  })
  return () => {
    cancelAnimationFrame(frame)
    if (timer !== undefined) clearTimeout(timer)
  }
}

/** Longest wait for the first paint before afterFirstPaint resolves anyway (a tab opened in the background). */
const FIRST_PAINT_WAIT_MS = 3000

/**
 * Resolves once the page has painted its first content (the browser's first-contentful-paint; at once if
 * it has), for requests that should not compete with the ones the first screen waits for. Without paint
 * timing, or after FIRST_PAINT_WAIT_MS, it resolves anyway.
 */
export function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint'))
      return resolve()
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length) done()
    })
    const timer = setTimeout(() => done(), FIRST_PAINT_WAIT_MS)
    const done = () => {
      observer.disconnect()
      clearTimeout(timer)
      resolve()
    }
    observer.observe({ type: 'paint', buffered: true })
  })
}
