import type { AppStorage } from './storage'

type LaunchQuery = Record<string, unknown> | undefined

const refereeOf = (query: LaunchQuery) => {
  const value = query?.referee_id
  return value === undefined || value === null ? '' : String(value).trim()
}

/** At launch refereeId is always written: the launch query's referee_id, or '' when it has none (spec 3). */
export function storeLaunchReferee(storage: AppStorage, query: LaunchQuery): void {
  storage.set('refereeId', refereeOf(query))
}

/** When the running app is opened again through a shared link, that link's referrer is kept. */
export function storeShownReferee(storage: AppStorage, query: LaunchQuery): void {
  const referee = refereeOf(query)
  if (referee) storage.set('refereeId', referee)
}
