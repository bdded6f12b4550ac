import type { AppStorage } from './storage'

type LaunchQuery = Record<string, unknown> | undefined

/**
 * The referrer of a launch: `referee_id` of a shared link, or inside the `scene` of a mini-program
 * code (getwxacodeunlimit hands it over URL-encoded, e.g. `referee_id%3D42`).
 */
const refereeOf = (query: LaunchQuery) => {
  const value = query?.referee_id ?? refereeInScene(query?.scene)
  return value === undefined || value === null ? '' : String(value).trim()
}

function refereeInScene(scene: unknown): string | undefined {
  if (typeof scene !== 'string' || !scene) return undefined
  let decoded: string
  try {
    decoded = decodeURIComponent(scene)
  } catch {
    return undefined
  }
  return new URLSearchParams(decoded).get('referee_id') ?? undefined
}

/** At launch refereeId is always written: the launch query's referee_id, or '' when it has none (docs/spec.md §3). */
export function storeLaunchReferee(storage: AppStorage, query: LaunchQuery): void {
  storage.set('refereeId', refereeOf(query))
}

/** When the running app is opened again through a shared link, that link's referrer is kept. */
export function storeShownReferee(storage: AppStorage, query: LaunchQuery): void {
  const referee = refereeOf(query)
  if (referee) storage.set('refereeId', referee)
}
