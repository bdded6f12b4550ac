/** The mini-program paints from setData on its own thread: the next task is late enough. */
export function afterPaint(run: () => void): () => void {
  const timer = setTimeout(run, 0)
  return () => clearTimeout(timer)
}

/** The mini-program's requests go through WeChat, not the page's first paint: nothing to wait for. */
export function afterFirstPaint(): Promise<void> {
  return Promise.resolve()
}
