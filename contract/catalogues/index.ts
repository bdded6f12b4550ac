import type { Locale } from '../locale'
import { en } from './en'
import { es } from './es'
import { fr } from './fr'
import { type Catalogue, zhHans } from './zh-hans'
import { zhHant } from './zh-hant'

export type { Catalogue }

/**
 * Every locale's catalogue, for the server (GET /api/index/catalogue) and the browser build. The mini-program's main
 * package imports zh-hans.ts alone and has the others from the server (docs/i18n.md).
 */
export const CATALOGUES: Record<Locale, Catalogue> = {
  'zh-Hans': zhHans,
  'zh-Hant': zhHant,
  en,
  fr,
  es
}
