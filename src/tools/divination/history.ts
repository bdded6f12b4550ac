import Taro from '@tarojs/taro'

/** Charts cast on this device, newest first (the server's history comes with the user's account). */
export interface DivinationRecord {
  question: string
  /** the moment of the divination, 'YYYY-MM-DD HH:mm' */
  date: string
  /** six values 6/7/8/9, bottom line first */
  values: number[]
  /** 本卦 and 变卦 full names for the list */
  title: string
}

export const HISTORY_KEY = 'divinationHistory'
export const HISTORY_LIMIT = 20

const isRecord = (x: unknown): x is DivinationRecord =>
  !!x &&
  typeof x === 'object' &&
  Array.isArray((x as DivinationRecord).values) &&
  typeof (x as DivinationRecord).date === 'string'

export function loadHistory(): DivinationRecord[] {
  try {
    const stored: unknown = Taro.getStorageSync(HISTORY_KEY)
    return Array.isArray(stored) ? stored.filter(isRecord) : []
  } catch {
    return []
  }
}

const sameCast = (a: DivinationRecord, b: DivinationRecord) =>
  a.date === b.date && a.question === b.question && a.values.join('') === b.values.join('')

/** Adds a record at the top (once), keeping the newest HISTORY_LIMIT; returns the new list. */
export function addToHistory(record: DivinationRecord): DivinationRecord[] {
  const list = [record, ...loadHistory().filter((r) => !sameCast(r, record))].slice(0, HISTORY_LIMIT)
  Taro.setStorageSync(HISTORY_KEY, list)
  return list
}

export function clearHistory(): void {
  Taro.removeStorageSync(HISTORY_KEY)
}
