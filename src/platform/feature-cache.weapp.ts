import Taro from '@tarojs/taro'

// A copy of the server's last answer, not app state: the spec's storage keys (src/core/storage-keys.ts) stay as
// they are, and a session reset, which clears all storage, takes this with it (the compliant default returns).
const KEY = 'featureCache'

/** What the server last said this mini-program hides, so a later start gates pages at once. */
export function keptFeatures(): string[] | undefined {
  try {
    const list = Taro.getStorageSync(KEY) as string[] | ''
    return Array.isArray(list) ? list : undefined
  } catch {
    return undefined
  }
}

export function keepFeatures(hidden: string[]): void {
  try {
    Taro.setStorageSync(KEY, hidden)
  } catch {
    // A full storage only costs the next start the server's answer until it comes.
  }
}
