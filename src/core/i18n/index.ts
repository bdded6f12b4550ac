import { DEFAULT_LOCALE, type Locale, LOCALES } from '@contract/locale'
import rosetta from 'rosetta'

import { type Catalogue, CATALOGUES, type MessageKey } from './catalogue'

export type { Catalogue, MessageKey }
export type MessageParams = Record<string, string | number>

/**
 * The app's one translator (rosetta: lookup by dotted key and `{{name}}` placeholders, under 1 KB; why this
 * library: docs/i18n.md). Its locale is the app's, set by the platform at launch and when the user picks one in
 * 我的 (src/platform/locale.ts); components read it through useLocale (src/hooks/useLocale.ts) to draw again.
 */
// Copies: rosetta's set() assigns into its tables, and the catalogue modules stay as written.
const translator = rosetta<Record<string, unknown>>(
  Object.fromEntries(LOCALES.map((locale) => [locale, { ...CATALOGUES[locale] }]))
)
let current: Locale = DEFAULT_LOCALE
translator.locale(current)
const listeners = new Set<() => void>()

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

export function setLocale(locale: Locale): void {
  if (locale === current) return
  current = locale
  translator.locale(locale)
  listeners.forEach((listener) => listener())
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
