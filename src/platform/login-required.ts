import { createSignal } from '@/core/signal'

/**
 * Raised when the user must log in and the platform cannot do it silently (plain browsers, or a failed
 * mini-program login). The session store listens and the app shows its login page.
 */
export const loginRequired = createSignal<{ reason: string }>()
