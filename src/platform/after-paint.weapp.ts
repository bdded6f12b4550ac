/** The mini-program paints from setData on its own thread: the next task is late enough. */
export function afterPaint(run: () => void): () => void {
  const timer = setTimeout(run, 0)
  return () => clearTimeout(timer)
}
