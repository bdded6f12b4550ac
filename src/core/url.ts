/** Small url helpers shared by login, sharing and link handling; they work without the DOM's URL class. */

export type QueryValue = string | number | boolean | null | undefined
export type Query = Record<string, QueryValue>

/** Parses 'a=1&b=x%20y' (a leading '?' is allowed) into decoded strings. */
export function parseQuery(search: string): Record<string, string> {
  const out: Record<string, string> = {}
  const text = search.startsWith('?') ? search.slice(1) : search
  for (const part of text.split('&')) {
    if (!part) continue
    const eq = part.indexOf('=')
    const rawKey = eq < 0 ? part : part.slice(0, eq)
    const rawValue = eq < 0 ? '' : part.slice(eq + 1)
    out[safeDecode(rawKey)] = safeDecode(rawValue)
  }
  return out
}

/** Encodes a query; undefined and null entries are left out. */
export function stringifyQuery(query: Query): string {
  return Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&')
}

export function appendQuery(url: string, query: Query): string {
  const text = stringifyQuery(query)
  if (!text) return url
  return url + (url.includes('?') ? '&' : '?') + text
}

/** The url with the named query parameters (before the '#') removed; the other parameters keep their exact text. */
export function withoutSearchParams(url: string, names: readonly string[]): string {
  const hashAt = url.indexOf('#')
  const beforeHash = hashAt < 0 ? url : url.slice(0, hashAt)
  const hash = hashAt < 0 ? '' : url.slice(hashAt)
  const queryAt = beforeHash.indexOf('?')
  if (queryAt < 0) return url
  const kept = beforeHash
    .slice(queryAt + 1)
    .split('&')
    .filter((part) => part && !names.includes(safeDecode(part.split('=')[0])))
  return beforeHash.slice(0, queryAt) + (kept.length ? `?${kept.join('&')}` : '') + hash
}

export function withoutHash(url: string): string {
  const hashAt = url.indexOf('#')
  return hashAt < 0 ? url : url.slice(0, hashAt)
}

/** A hash route '/pages/x/y?a=1' split into its path (no leading slash) and query. */
export function splitRoute(route: string): { path: string; query: Record<string, string> } {
  const queryAt = route.indexOf('?')
  const path = (queryAt < 0 ? route : route.slice(0, queryAt)).replace(/^\/+/, '')
  return { path, query: queryAt < 0 ? {} : parseQuery(route.slice(queryAt + 1)) }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '))
  } catch {
    return text
  }
}
