import { getUnreadCount } from '@/api/unread'
import { singleFlight } from '@/core/single-flight'

let count = 0
const listeners = new Set<() => void>()
const set = (next: number) => {
  if (next === count) return
  count = next
  listeners.forEach((listener) => listener())
}

/**
 * How many of my messages (站内信) are unread: the 我的 tab's badge and the Mine panel's 消息中心 entry. A plain
 * store read with React's useSyncExternalStore, not MobX: the tab bar draws on the home, which needs no MobX; and
 * a closure, not a class, because it sits in the mini-program's main package, at its size yardstick.
 */
export const unreadStore = {
  get: () => count,
  set,
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => void listeners.delete(listener)
  },
  /** Asks the server; calls at once share one request, and a failure keeps the count shown. */
  load: singleFlight(async () => {
    try {
      set((await getUnreadCount()).count)
    } catch {
      // A hint, not content: the count stays until the next time 我的 is shown.
    }
  })
}
