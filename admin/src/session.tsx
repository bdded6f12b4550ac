import type { AdminMe, AdminPermission } from '@contract/admin'
import { createContext, useContext } from 'react'

export interface SessionValue {
  me: AdminMe
  can(permission: AdminPermission): boolean
  logout(): Promise<void>
}

export const SessionContext = createContext<SessionValue | null>(null)

/** The logged-in operator; screens render only inside a session. */
export function useSession(): SessionValue {
  const value = useContext(SessionContext)
  if (!value) throw new Error('useSession outside a session')
  return value
}
