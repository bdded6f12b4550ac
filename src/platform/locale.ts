import { createLocaleSetting } from '@/core/i18n/locale-setting'

import { loadCatalogue } from './catalogues'
import { deviceLanguages, onDeviceLanguageChange } from './device-language'
import { appStorage } from './storage'

/** The app's language setting over the platform's storage, the device's language and the platform's catalogues. */
export const localeSetting = createLocaleSetting(appStorage, deviceLanguages, (locale) => void loadCatalogue(locale))

/** At launch: the chosen or the device's language, and the device's again whenever it changes. */
export function startLocale(): void {
  try {
    localeSetting.apply()
  } catch {
    // Storage that cannot be read must not stop the launch: the app starts in its source language.
  }
  onDeviceLanguageChange(() => localeSetting.apply())
}
