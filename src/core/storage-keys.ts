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
}

export type StorageKey = keyof StorageSchema

export const STORAGE_KEYS: readonly StorageKey[] = [
  'Authorization',
  'refereeId',
  'pathUrl',
  'isLoggedIn',
  'code',
  'returnUrl',
  'VConsole'
]
