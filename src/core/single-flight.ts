/**
 * Wraps an async task so that callers arriving while it runs share the running attempt:
 * when many requests fail with an invalid token at once, exactly one login starts.
 * A failed or finished attempt lets the next call start a new one.
 */
export function singleFlight<T>(task: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined
  return () => {
    if (!running) {
      running = Promise.resolve()
        .then(task)
        .finally(() => {
          running = undefined
        })
    }
    return running
  }
}
