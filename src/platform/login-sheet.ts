import { lazy } from 'react'

/**
 * Browser side (the mini-program's is login-sheet.weapp.ts): the login sheet, with the session store and
 * MobX it reads, is fetched when a page first needs it, not with the home (src/components/LoginSheet/Host.tsx).
 */
export const LoginSheet = lazy(() => import('@/components/LoginSheet'))
