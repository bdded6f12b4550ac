import { CATALOGUES } from '@contract/catalogues'
import { DEFAULT_LOCALE, type Locale } from '@contract/locale'

import { addCatalogue } from '@/core/i18n'

/** Browsers: every catalogue is in the bundle (the budget that keeps them out is the mini-program's main package). */
export function loadCatalogue(locale: Locale): Promise<void> {
  if (locale !== DEFAULT_LOCALE) addCatalogue(locale, CATALOGUES[locale])
  return Promise.resolve()
}
