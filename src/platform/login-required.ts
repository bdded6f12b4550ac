import type { Signal } from '@/core/signal'

type Asked = { reason: string }

const listeners = new Set<(value: Asked) => void>()
let unheard: Asked | undefined

/**
 * Raised when the user must log in and the platform cannot do it silently (plain browsers, or a failed
 * mini-program login). The session store listens and the app shows its login page. In a browser the store
 * and the login sheet load only when first needed (src/components/LoginSheet/Host.tsx), so a request
 * raised before anything listens (a request refused while the app starts) is kept for the first listener.
 */
export const loginRequired: Signal<Asked> = {
  subscribe(listener) {
    listeners.add(listener)
    if (unheard) {
      const value = unheard
      unheard = undefined
      listener(value)
    }
    return () => listeners.delete(listener)
  },
  emit(value) {
    if (!listeners.size) unheard = value
    listeners.forEach((listener) => listener(value))
  }
}
