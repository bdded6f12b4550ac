import type { Locale } from '@contract/locale'
import { useSyncExternalStore } from 'react'

import { currentLocale, messagesRevision, subscribeLocale } from '@/core/i18n'

/**
 * The app's locale; the component draws again when it changes, and when its catalogue arrives from the server (the
 * mini-program's, src/platform/catalogues.weapp.ts). Call it in every component that calls `t`.
 */
export function useLocale(): Locale {
  useSyncExternalStore(subscribeLocale, messagesRevision, messagesRevision)
  return currentLocale()
}
