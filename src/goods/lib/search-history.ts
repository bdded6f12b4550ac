import Taro from '@tarojs/taro'

/** Keywords the user searched, newest first, kept on the device only (a session reset clears them too). */
const KEY = 'goodsSearchHistory'
const LIMIT = 10

export function readSearchHistory(): string[] {
  const value: unknown = Taro.getStorageSync(KEY)
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
}

/** Puts a keyword first (once) and keeps the newest LIMIT; returns the new list. */
export function rememberSearch(keyword: string): string[] {
  const word = keyword.trim()
  if (!word) return readSearchHistory()
  const next = [word, ...readSearchHistory().filter((item) => item !== word)].slice(0, LIMIT)
  Taro.setStorageSync(KEY, next)
  return next
}

export function clearSearchHistory(): void {
  Taro.removeStorageSync(KEY)
}
