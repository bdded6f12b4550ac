import type { Locale } from '@contract/locale'

/** The local storage keys of docs/spec.md §3 and the value type kept under each. */
export interface Credential {
  user_id: number | string
  token: string
}

export interface StorageSchema {
  /** The login credential. */
  Authorization: Credential
  /** The referrer from the launch query's referee_id; '' when absent. */
  refereeId: string
  /** The full address of the page the app was opened on. */
  pathUrl: string
  isLoggedIn: boolean
  code: string
  /** Where the WeChat login sends the user back to. */
  returnUrl: string
  /** When set, a debug console is opened at launch. */
  VConsole: boolean
  /** The language chosen in 我的 (语言 / Language); unset: the app follows the device's. */
  locale: Locale
}

export type StorageKey = keyof StorageSchema

export const STORAGE_KEYS: readonly StorageKey[] = [
  'Authorization',
  'refereeId',
  'pathUrl',
  'isLoggedIn',
  'code',
  'returnUrl',
  'VConsole',
  'locale'
]

/**
 * What a session reset (which clears all storage, docs/spec.md §4) leaves in place: a setting of the device's user,
 * not of the account, that the next login must not lose.
 */
export const KEPT_ON_CLEAR: readonly StorageKey[] = ['locale']
