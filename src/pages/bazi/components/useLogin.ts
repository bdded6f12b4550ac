import { useEffect } from 'react'

import { sessionStore } from '@/stores'

/** For pages of the user's own data: asks for a login (the login sheet) while there is none. Use in an observer. */
export function useLogin(reason: string): boolean {
  const loggedIn = sessionStore.isLoggedIn
  useEffect(() => {
    if (!loggedIn) sessionStore.requireLogin(reason)
  }, [loggedIn, reason])
  return loggedIn
}
