import { Suspense, useEffect, useState, useSyncExternalStore } from 'react'

import { loginRequired } from '@/platform/login-required'
import { LoginSheet } from '@/platform/login-sheet'
import { storesReady } from '@/stores/ready'

/**
 * The login sheet every page carries, drawn once the session store is there: a page that reads the session
 * loads the store, and a login asked for before that (a request refused on the home) brings both along.
 */
export default function LoginSheetHost() {
  const ready = useSyncExternalStore(storesReady.subscribe, storesReady.get)
  const [reason, setReason] = useState<string>()
  useEffect(() => loginRequired.subscribe((asked) => !storesReady.get() && setReason(asked.reason)), [])
  if (!ready && reason === undefined) return null
  return (
    <Suspense fallback={null}>
      <LoginSheet reason={reason} />
    </Suspense>
  )
}
