import type { AdminMe } from '@contract/admin'
import { Result, Spin } from 'antd'
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react'

import { api, setCsrfToken, whenSessionEnds } from './api/client'
import { Login } from './pages/Login'
import { SessionContext, type SessionValue } from './session'

// The layout with its menu (ProLayout) is loaded after login: the login page stays small.
const ConsoleLayout = lazy(() => import('./ConsoleLayout'))

export const Loading = () => (
  <div style={{ padding: 80, textAlign: 'center' }}>
    <Spin size="large" />
  </div>
)

/** Asks the server who is logged in, then shows the login page or the console. */
export function ConsoleApp() {
  const [me, setMe] = useState<AdminMe | null | undefined>(undefined)
  const [failed, setFailed] = useState('')

  const signedIn = useCallback((who: AdminMe | null) => {
    setCsrfToken(who?.csrf_token ?? '')
    setMe(who)
  }, [])

  useEffect(() => {
    whenSessionEnds(() => signedIn(null))
    api
      .get<AdminMe>('/auth/me')
      .then(signedIn, (e: { code?: number; message: string }) =>
        e.code === -9999 ? signedIn(null) : setFailed(e.message)
      )
  }, [signedIn])

  const session = useMemo<SessionValue | null>(
    () =>
      me
        ? {
            me,
            can: (p) => me.permissions.includes(p),
            logout: async () => {
              await api.post('/auth/logout').catch(() => undefined)
              signedIn(null)
            }
          }
        : null,
    [me, signedIn]
  )

  if (failed) return <Result status="error" title="无法连接服务器" subTitle={failed} />
  if (me === undefined) return <Loading />
  if (!session) return <Login onLogin={signedIn} />
  return (
    <SessionContext.Provider value={session}>
      <Suspense fallback={<Loading />}>
        <ConsoleLayout />
      </Suspense>
    </SessionContext.Provider>
  )
}
