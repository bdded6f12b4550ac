import type { BaziRecord } from '@contract'
import { useEffect, useState } from 'react'

import { getDefaultBazi } from '@/api/tools'
import { errorMessage } from '@/core/errors'
import { sessionStore } from '@/stores'

/** The logged-in user's default saved chart; visitors (and users without one) get none. */
export function useDefaultRecord(): { loading: boolean; record: BaziRecord | null; error: string } {
  const loggedIn = sessionStore.isLoggedIn
  const [state, setState] = useState({ loading: loggedIn, record: null as BaziRecord | null, error: '' })
  useEffect(() => {
    if (!loggedIn) return
    let live = true
    getDefaultBazi()
      .then((r) => live && setState({ loading: false, record: r.record, error: '' }))
      .catch((e) => live && setState({ loading: false, record: null, error: `默认档案读取失败：${errorMessage(e)}` }))
    return () => {
      live = false
    }
  }, [loggedIn])
  return state
}
