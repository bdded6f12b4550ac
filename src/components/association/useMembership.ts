import { useState } from 'react'

import { getMyMembership } from '@/api/association'
import { useRemote } from '@/hooks/useRemote'

/** My latest membership application; a rejected one can be set aside to apply again. */
export function useMembership(loggedIn: boolean) {
  const remote = useRemote(() => (loggedIn ? getMyMembership() : Promise.resolve({ application: null })), [loggedIn])
  const [reapplying, setReapplying] = useState(false)
  const application = remote.data?.application ?? null
  return {
    remote,
    /** The application to show instead of the form, if any. */
    shown: application && !(reapplying && application.status === 'rejected') ? application : null,
    reapply: () => setReapplying(true)
  }
}
