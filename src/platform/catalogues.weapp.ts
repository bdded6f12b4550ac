import type { Catalogue } from '@contract/catalogues/zh-hans'
import { DEFAULT_LOCALE, type Locale } from '@contract/locale'
import Taro from '@tarojs/taro'

import { getCatalogue } from '@/api'
import { addCatalogue } from '@/core/i18n'

// A copy of the server's last answer, not app state (as home-cache.weapp.ts): the spec's storage keys stay as they
// are, and a session reset, which clears all storage, takes it with it (the next start asks the server again).
const KEY = 'catalogueCache'

interface Kept {
  locale: Locale
  messages: Catalogue
}

function kept(locale: Locale): Catalogue | undefined {
  try {
    const entry = Taro.getStorageSync(KEY) as Kept | ''
    return entry && entry.locale === locale && entry.messages?.common ? entry.messages : undefined
  } catch {
    return undefined
  }
}

function keep(entry: Kept): void {
  try {
    Taro.setStorageSync(KEY, entry)
  } catch {
    // A full storage only costs the next start its catalogue until the server's answer comes.
  }
}

/** The locales asked for in this run, each once; a failed ask is dropped, so the next switch asks again. */
const asked = new Set<Locale>()

/**
 * Mini-program: the main package carries the zh-Hans catalogue alone (its 500 KB yardstick, docs/i18n.md). Another
 * locale's is the one kept from an earlier start, drawn at once (offline too), and the server's, asked once a run so
 * a changed catalogue arrives; until one is there the screens show zh-Hans, never a key, and draw again when it comes.
 */
export function loadCatalogue(locale: Locale): Promise<void> {
  if (locale === DEFAULT_LOCALE || asked.has(locale)) return Promise.resolve()
  asked.add(locale)
  const before = kept(locale)
  if (before) addCatalogue(locale, before)
  return getCatalogue(locale).then(
    (messages) => {
      if (JSON.stringify(messages) === JSON.stringify(before)) return
      addCatalogue(locale, messages)
      keep({ locale, messages })
    },
    () => void asked.delete(locale)
  )
}
