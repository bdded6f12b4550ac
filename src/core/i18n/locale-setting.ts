import { type Locale, pickLocale } from '@contract/locale'

import type { AppStorage } from '@/core/storage'

import { setLocale } from '.'

export interface LocaleSetting {
  /** The language chosen in 我的, or undefined: 跟随系统 (follow the device). */
  chosen(): Locale | undefined
  /** The device's language as the app maps it (what 跟随系统 gives). */
  device(): Locale
  /** Sets the app's locale from the choice and the device (at launch, and when the device's language changes). */
  apply(): Locale
  /** Keeps the user's choice (undefined: 跟随系统) and switches the app to it. */
  choose(locale: Locale | undefined): Locale
}

/**
 * The app's language: the one chosen in 我的 (kept in storage under `locale`), else the device's first language we
 * have (docs/i18n.md has the mapping), else zh-Hans.
 */
export function createLocaleSetting(
  storage: AppStorage,
  deviceLanguages: () => readonly string[],
  /** Brings the locale's catalogue, before the switch when it has it at hand (src/platform/catalogues). */
  loadCatalogue: (locale: Locale) => void = () => undefined
): LocaleSetting {
  const device = () => pickLocale(deviceLanguages())
  const chosen = () => storage.get('locale')
  const apply = () => {
    const locale = chosen() ?? device()
    loadCatalogue(locale)
    setLocale(locale)
    return locale
  }
  return {
    chosen,
    device,
    apply,
    choose(locale) {
      if (locale) storage.set('locale', locale)
      else storage.remove('locale')
      return apply()
    }
  }
}
