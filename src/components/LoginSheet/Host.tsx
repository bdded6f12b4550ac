import { Suspense, useSyncExternalStore } from 'react'

import { loginRequired } from '@/platform/login-required'
import { LoginSheet } from '@/platform/login-sheet'
import { storesReady } from '@/stores/ready'

/** A login asked for while the session store was not loaded (so not listening), handed to the sheet. */
let missed: string | undefined
const changed = new Set<() => void>()
loginRequired.subscribe(({ reason }) => {
  if (storesReady.get()) return
  missed = reason
  changed.forEach((listener) => listener())
})
const subscribeMissed = (listener: () => void) => {
  changed.add(listener)
  return () => changed.delete(listener)
}
const getMissed = () => missed
/** Hands the missed login over once (to the first sheet drawn), for the store to show. */
const takeMissed = () => {
  const reason = missed
  missed = undefined
  return reason
}

/**
 * The login sheet every page carries, drawn once the session store is there: a page that reads the session
 * loads the store, and a login asked for before that (a request refused on the home) brings both along.
 */
export default function LoginSheetHost() {
  const ready = useSyncExternalStore(storesReady.subscribe, storesReady.get)
  const asked = useSyncExternalStore(subscribeMissed, getMissed) !== undefined
  if (!ready && !asked) return null
  return (
    <Suspense fallback={null}>
      <LoginSheet takeMissed={takeMissed} />
    </Suspense>
  )
}
