import { useEffect } from 'react'

import { sessionStore } from '@/stores'

/**
 * For pages that hold the user's own data: asks for a login (the login sheet) when there is none.
 * Call from an observer component; the page loads its data once this returns true.
 */
export function useUser(reason: string): boolean {
  const loggedIn = sessionStore.isLoggedIn
  useEffect(() => {
    if (!loggedIn) sessionStore.requireLogin(reason)
  }, [loggedIn, reason])
  return loggedIn
}

/** For an action (favorite, add to cart ...): true when logged in, else asks for a login and returns false. */
export function ensureUser(reason: string): boolean {
  if (sessionStore.isLoggedIn) return true
  sessionStore.requireLogin(reason)
  return false
}
