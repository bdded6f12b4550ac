import type { BaziBirth } from '@contract'
import { useEffect, useState } from 'react'

import { getBaziInfo } from '@/api/tools'
import type { ShareContent } from '@/core/share'
import { formToQuery } from '@/pages/bazi/chart-query'
import { sessionStore } from '@/stores'

import { chartSourceOf, recordToForm } from './birth'

type Target = ShareContent['target']

/** Where a friend lands while the record's birth is not known yet: the birth input. */
const INPUT: NonNullable<Target> = { route: 'pages/bazi/bazi', options: {} }

/**
 * Sharing a page only its owner may open (a record's or a paid report's): the friend gets the same
 * birth on `route` — by default the chart — or the birth input while the birth is not loaded.
 */
export function birthShareTarget(
  record: { name: string; birth: BaziBirth } | undefined,
  route = 'pages/bazi/plate'
): NonNullable<Target> {
  return record ? { route, options: formToQuery(recordToForm(record)) } : INPUT
}

/**
 * What sharing a chart page sends. A birth query travels as it is (undefined: the page's own
 * options); a saved record (`record_id=`, its owner's only) is shared as its birth on `route`, so the
 * friend opens the same chart.
 */
export function useChartShare(route: string, params: Record<string, string | undefined>): Target {
  const recordId = chartSourceOf(params)?.record_id
  const loggedIn = sessionStore.isLoggedIn
  const [target, setTarget] = useState<Target>(recordId ? INPUT : undefined)
  useEffect(() => {
    setTarget(recordId ? INPUT : undefined)
    if (!recordId || !loggedIn) return
    let live = true
    getBaziInfo({ record_id: recordId }, true)
      .then((info) => live && setTarget(birthShareTarget(info, route)))
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [recordId, loggedIn, route])
  return target
}
