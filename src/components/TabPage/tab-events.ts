/** Pull-down refresh and reach-bottom, dispatched by the tab page to the panel of that tab. */
type Handler = () => void | Promise<unknown>
const handlers = new Map<string, Handler>()

export function onTabEvent(tab: number, event: 'refresh' | 'reachBottom', handler: Handler) {
  const key = `${tab}:${event}`
  handlers.set(key, handler)
  return () => {
    if (handlers.get(key) === handler) handlers.delete(key)
  }
}

export function emitTabEvent(tab: number, event: 'refresh' | 'reachBottom'): Promise<unknown> {
  return Promise.resolve(handlers.get(`${tab}:${event}`)?.())
}
