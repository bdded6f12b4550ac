import Taro from '@tarojs/taro'

import type { BirthValue } from '@/components/BirthInput/birth-value'

/** The birth the daily tools are personalised from, remembered on this device. */
export const DAILY_BIRTH_KEY = 'dailyBirth'

export function loadDailyBirth(): BirthValue | undefined {
  try {
    const stored = Taro.getStorageSync(DAILY_BIRTH_KEY) as BirthValue | ''
    return stored && typeof stored === 'object' && typeof stored.date === 'string' && stored.gender ? stored : undefined
  } catch {
    return undefined
  }
}

export function saveDailyBirth(value: BirthValue): void {
  Taro.setStorageSync(DAILY_BIRTH_KEY, value)
}
