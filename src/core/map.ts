import { MAP_KEY_MISSING } from './constants'

/** Maps and location services need a provider key; without one they are skipped and the reason logged. */
export function checkMapKey(key: string | undefined | null, log: (message: string) => void = console.warn): boolean {
  if (key && key.trim()) return true
  log(MAP_KEY_MISSING)
  return false
}
