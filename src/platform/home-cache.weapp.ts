import type { HomeResponse } from '@contract'
import Taro from '@tarojs/taro'

// A copy of the last home, not app state: the spec's storage keys (src/core/storage-keys.ts) stay as they are,
// and a session reset, which clears all storage, takes this with it.
const KEY = 'homeCache'

/** The home the mini-program last showed, drawn at once on a fresh start while the new one loads. */
export function cachedHome(): HomeResponse | undefined {
  try {
    const home = Taro.getStorageSync(KEY) as HomeResponse | ''
    return home && Array.isArray(home.banners) && Array.isArray(home.sections) ? home : undefined
  } catch {
    return undefined
  }
}

export function keepHome(home: HomeResponse): void {
  try {
    Taro.setStorageSync(KEY, home)
  } catch {
    // A full storage only costs the next start its head start.
  }
}
