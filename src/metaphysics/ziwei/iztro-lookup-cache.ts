/**
 * iztro translates every star and palace name through i18next (`t`) and turns names back into keys with
 * `kot`, a linear scan over all six languages' tables: thousands of calls per plate, ~70 ms a chart. Both
 * answers depend only on iztro's static tables and the language, so we memoize them (the cache is dropped
 * when the language changes). Every `astro.bySolar` sets the language again; i18next's `changeLanguage` to
 * the language it already has changes nothing but costs a few ms and would empty the cache, so it is skipped. iztro's
 * modules call them through the exports object (`(0, i18n.t)(…)`),
 * so replacing the exports is enough; where a bundler made them read-only the plate is still right, only
 * slower.
 */
type Fn = (value: string, k?: string) => string
interface I18nModule {
  t: Fn
  kot: Fn
  setLanguage: (language: string) => void
  default: { language?: string; isLanguageChangingTo?: string }
}

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the exports object itself is patched
const mod: I18nModule = require('iztro/lib/i18n')
const cache = new Map<string, string>()

const memo =
  (name: 't' | 'kot', original: Fn): Fn =>
  (value, k) => {
    const key = `${name}\u0000${k ?? ''}\u0000${value}`
    let found = cache.get(key)
    if (found === undefined) {
      found = original(value, k)
      cache.set(key, found)
    }
    return found
  }

try {
  const { t, kot, setLanguage } = mod
  mod.t = memo('t', t)
  mod.kot = memo('kot', kot)
  const i18next = mod.default
  mod.setLanguage = (language) => {
    if (language === i18next.language && !i18next.isLanguageChangingTo) return
    cache.clear()
    setLanguage(language)
  }
} catch {
  // read-only module bindings: keep iztro's own lookups
}
