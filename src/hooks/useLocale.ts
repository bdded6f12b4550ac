import type { Locale } from '@contract/locale'
import { useSyncExternalStore } from 'react'

import { currentLocale, subscribeLocale } from '@/core/i18n'

/** The app's locale; the component draws again when it changes (call it in every component that calls `t`). */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribeLocale, currentLocale, currentLocale)
}
