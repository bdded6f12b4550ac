import type { UserCounts } from '@contract'
import { useCallback, useEffect, useState } from 'react'

import { getUserCounts } from '@/api/wallet'
import { sessionStore } from '@/stores'

/** The 我的 counts of the logged-in user; a failed load keeps zeros (the counts are a hint, not content). */
export function useCounts(): { counts: UserCounts | undefined; reload: () => Promise<void> } {
  const [counts, setCounts] = useState<UserCounts>()
  const loggedIn = sessionStore.isLoggedIn
  const reload = useCallback(async () => {
    if (!sessionStore.isLoggedIn) return setCounts(undefined)
    try {
      setCounts(await getUserCounts())
    } catch {
      setCounts(undefined)
    }
  }, [])
  useEffect(() => {
    void reload()
  }, [loggedIn, reload])
  return { counts, reload }
}
