import { Converter } from 'opencc-js'

import { applyZhHantGlossary } from '../../contract/zh-hant-glossary'

// Loaded at the first zh-Hant message: OpenCC's dictionaries are ~2 MB of code and most requests never need them.
let convert: ((text: string) => string) | undefined
const cache = new Map<string, string>()
/** Messages are few and repeat (the same refusal for every bad request): their conversions are kept, to a bound. */
const CACHE_SIZE = 2000

/**
 * Simplified Chinese as Traditional: OpenCC's Simplified → Traditional (Taiwan characters), then our glossary of
 * fixed terms (contract/zh-hant-glossary.ts). The server's zh-Hant messages and the app's generated zh-Hant catalogue
 * (scripts/gen-zh-hant.ts) both come from here.
 */
export function toZhHant(text: string): string {
  const kept = cache.get(text)
  if (kept !== undefined) return kept
  convert ??= Converter({ from: 'cn', to: 'tw' })
  const converted = applyZhHantGlossary(convert(text))
  if (cache.size >= CACHE_SIZE) cache.clear()
  cache.set(text, converted)
  return converted
}
