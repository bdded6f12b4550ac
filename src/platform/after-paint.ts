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
