/**
 * The five languages of the app and the server, and how a device's or a request's language tag maps to one.
 * Both sides read the same rule: the app to follow the phone, the server to answer a request's `Accept-Language`.
 */
export const LOCALES = ['zh-Hans', 'zh-Hant', 'en', 'fr', 'es'] as const

export type Locale = (typeof LOCALES)[number]

/** The source language: what a locale without a translation falls back to, and a tag we do not know maps to. */
export const DEFAULT_LOCALE: Locale = 'zh-Hans'

/** Each language in its own name (what a language list shows, whatever language the app is in). */
export const LOCALE_NAMES: Record<Locale, string> = {
  'zh-Hans': '简体中文',
  'zh-Hant': '繁體中文',
  en: 'English',
  fr: 'Français',
  es: 'Español'
}

/** Chinese regions written in Traditional characters when a tag names the region but no script. */
const TRADITIONAL_REGIONS = ['tw', 'hk', 'mo']

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale)

/**
 * The locale of one language tag (BCP 47 as browsers send it, `zh_CN` as WeChat reports it), or undefined for a
 * language we do not have: zh-CN, zh-SG and zh → zh-Hans; zh-TW, zh-HK, zh-MO → zh-Hant (a script subtag wins:
 * zh-Hant-CN is Traditional, zh-Hans-HK Simplified); en*, fr*, es* → en, fr, es.
 */
export function localeOfTag(tag: string): Locale | undefined {
  const parts = tag.trim().replace(/_/g, '-').toLowerCase().split('-')
  const [language, ...rest] = parts
  if (language === 'zh') {
    if (rest.includes('hant')) return 'zh-Hant'
    if (rest.includes('hans')) return 'zh-Hans'
    return rest.some((part) => TRADITIONAL_REGIONS.includes(part)) ? 'zh-Hant' : 'zh-Hans'
  }
  if (language === 'en' || language === 'fr' || language === 'es') return language
  return undefined
}

/** The first of a device's languages (in its order of preference) that the app has; zh-Hans when none is. */
export function pickLocale(tags: readonly string[]): Locale {
  for (const tag of tags) {
    const locale = localeOfTag(tag)
    if (locale) return locale
  }
  return DEFAULT_LOCALE
}

/**
 * The locale an `Accept-Language` header asks for: its tags in the order of their weights (`q=0` refused), the
 * first one we have; zh-Hans when the header is missing or names none of ours.
 */
export function localeOfAcceptLanguage(header: string | undefined): Locale {
  if (!header) return DEFAULT_LOCALE
  const ranked = header
    .split(',')
    .map((item, index) => {
      const [tag, ...params] = item.trim().split(';')
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined)
      return { tag, weight: q === undefined ? 1 : Number(q), index }
    })
    .filter((item) => item.tag && item.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
  return pickLocale(ranked.map((item) => item.tag))
}
