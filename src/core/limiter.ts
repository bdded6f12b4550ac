/**
 * At most `max` tasks running at once; the others wait their turn, first come first served. The mini-program
 * needs it: WeChat runs at most 10 requests, uploads and downloads at once and fails the rest. (Twelve lines with
 * nothing to configure: not worth a dependency.)
 */
export function limiter(max: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0
  const waiting: Array<() => void> = []
  const next = () => {
    running--
    waiting.shift()?.()
  }
  return (task) => {
    const start = () => {
      running++
      return task().finally(next)
    }
    if (running < max) return start()
    return new Promise<void>((resolve) => waiting.push(resolve)).then(start)
  }
}
