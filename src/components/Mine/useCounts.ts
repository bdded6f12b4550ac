import type { UserCounts } from '@contract'
import { useEffect, useMemo, useState } from 'react'

import { getUserCounts } from '@/api/wallet'
import { singleFlight } from '@/core/single-flight'
import { sessionStore } from '@/stores'
import { unreadStore } from '@/stores/unread'

/**
 * The 我的 counts of the logged-in user, and the unread messages beside them (kept in unreadStore: the tab bar's badge
 * shows them too); a failed load keeps zeros (the counts are a hint, not content).
 */
export function useCounts(): { counts: UserCounts | undefined; reload: () => Promise<void> } {
  const [counts, setCounts] = useState<UserCounts>()
  const loggedIn = sessionStore.isLoggedIn
  // One load at a time: a panel shown for the first time is loaded by this hook and told it is shown, at once.
  const reload = useMemo(
    () =>
      singleFlight(async () => {
        if (!sessionStore.isLoggedIn) return setCounts(undefined)
        void unreadStore.load()
        try {
          setCounts(await getUserCounts())
        } catch {
          setCounts(undefined)
        }
      }),
    []
  )
  useEffect(() => {
    void reload()
  }, [loggedIn, reload])
  return { counts, reload }
}
