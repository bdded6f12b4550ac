import type { Locale } from '@contract/locale'

import { en } from './messages/en'
import { es } from './messages/es'
import { fr } from './messages/fr'
import { zhHans } from './messages/zh-hans'
import { zhHant } from './messages/zh-hant'

/** The shape every locale's catalogue has: the source's (zh-Hans) namespaces and keys, each a string. */
export type Catalogue = typeof zhHans

/** Dotted key of every string of a catalogue: 'mine.logout', 'routes.pages/my/my'. */
export type MessageKey<T = Catalogue> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${MessageKey<T[K]>}`
}[keyof T & string]

export const CATALOGUES: Record<Locale, Catalogue> = {
  'zh-Hans': zhHans,
  'zh-Hant': zhHant,
  en,
  fr,
  es
}
