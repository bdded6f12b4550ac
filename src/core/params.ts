/**
 * Request params are cleaned before sending (docs/spec.md §5): null and undefined become '', strings are trimmed.
 * Plain objects and arrays are cleaned deeply; numbers, booleans and other objects (files, dates) are kept.
 */
export function cleanParams<T>(value: T): T {
  return cleanValue(value) as T
}

function cleanValue(value: unknown): unknown {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return value.trim()
  if (Array.isArray(value)) return value.map(cleanValue)
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(value)) out[key] = cleanValue(item)
    return out
  }
  return value
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false
  const proto = Object.getPrototypeOf(value)
  return proto === Object.prototype || proto === null
}
