/** Pull-down refresh, reach-bottom and being shown again, dispatched by the tab page to the panel of that tab. */
type TabEvent = 'refresh' | 'reachBottom' | 'show'
type Handler = () => unknown
const handlers = new Map<string, Handler>()

export function onTabEvent(tab: number, event: TabEvent, handler: Handler) {
  const key = `${tab}:${event}`
  handlers.set(key, handler)
  return () => {
    if (handlers.get(key) === handler) handlers.delete(key)
  }
}

export function emitTabEvent(tab: number, event: TabEvent): Promise<unknown> {
  return Promise.resolve(handlers.get(`${tab}:${event}`)?.())
}
