import { type Catalogue, zhHans } from '@contract/catalogues/zh-hans'
import { DEFAULT_LOCALE, type Locale } from '@contract/locale'
import rosetta from 'rosetta'

export type { Catalogue }
export type MessageParams = Record<string, string | number>

/** Dotted key of every string of a catalogue: 'mine.logout', 'routes.pages/my/my'. */
export type MessageKey<T = Catalogue> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${MessageKey<T[K]>}`
}[keyof T & string]

/**
 * The app's one translator (rosetta: lookup by dotted key and `{{name}}` placeholders, under 1 KB; why this
 * library: docs/i18n.md). Its locale is the app's, set by the platform at launch and when the user picks one in
 * 我的 (src/platform/locale.ts); components read it through useLocale (src/hooks/useLocale.ts) to draw again.
 * It starts with the source catalogue only: the others are added by the platform (src/platform/catalogues), the
 * mini-program's once the server has sent it, so its main package carries one catalogue, not five (docs/i18n.md).
 */
// A copy: rosetta's set() assigns into its tables, and the catalogue module stays as written.
const translator = rosetta<Record<string, unknown>>({ [DEFAULT_LOCALE]: { ...zhHans } })
let current: Locale = DEFAULT_LOCALE
translator.locale(current)
/** Counts the changes a drawn string may depend on: the locale, and the arrival of its catalogue. */
let revision = 0
const listeners = new Set<() => void>()
const changed = () => {
  revision++
  listeners.forEach((listener) => listener())
}

/** The string of `key` in the current locale (or `locale`), the source's when that locale lacks it. */
export function t(key: MessageKey, params?: MessageParams, locale: Locale = current): string {
  return translator.t(key, params, locale) || translator.t(key, params, DEFAULT_LOCALE)
}

/** A key that may not be in the catalogue (a route's title by its path): its string, or undefined. */
export function lookup(key: string, params?: MessageParams, locale: Locale = current): string | undefined {
  return translator.t(key, params, locale) || translator.t(key, params, DEFAULT_LOCALE) || undefined
}

/** A page's title in the current locale: the catalogue's `routes` entry of its path, else the route table's. */
export function routeTitle(route: { path: string; title: string }): string {
  return lookup(`routes.${route.path}`) ?? route.title
}

export const currentLocale = (): Locale => current

/** Changes whenever what `t` answers may have: what useLocale draws again on. */
export const messagesRevision = (): number => revision

export function setLocale(locale: Locale): void {
  if (locale === current) return
  current = locale
  translator.locale(locale)
  changed()
}

/** Adds (or replaces) a locale's catalogue; the screens draw again when it is the current locale's. */
export function addCatalogue(locale: Locale, catalogue: Catalogue): void {
  translator.set(locale, catalogue)
  if (locale === current) changed()
}

export function subscribeLocale(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * Adds a namespace of messages for every locale, for a package whose strings should not weigh on the main package
 * (a subpackage registers its own when it loads): `addMessages('goods', { 'zh-Hans': {...}, ... })`, then
 * `t('goods.title' as MessageKey)` or a namespace-typed wrapper (`scoped`).
 */
export function addMessages<T extends object>(namespace: string, byLocale: Record<Locale, T>): void {
  for (const [locale, table] of Object.entries(byLocale)) translator.set(locale, { [namespace]: table })
}

/** A `t` for one added namespace, typed by its zh-Hans table: `const tg = scoped<typeof goodsZhHans>('goods')`. */
export function scoped<T>(namespace: string): (key: MessageKey<T>, params?: MessageParams) => string {
  return (key, params) => lookup(`${namespace}.${key}`, params) ?? ''
}
