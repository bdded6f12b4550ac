import { ENVELOPE } from '@/core/constants'
import { isEnvelopeLike } from '@/core/errors'
import type { TransportResponse } from '@/core/transport'

/** What src/index.html asks for before the app's code has arrived, by API path. */
type Prefetched = Record<string, Promise<TransportResponse> | undefined>
/** The same answers once they are here. */
type Arrived = Record<string, TransportResponse | undefined>

interface Early {
  __yixuePrefetch?: Prefetched
  __yixueArrived?: Arrived
}

/**
 * H5: the home's data is asked for by a script in index.html while the app's code downloads, so the
 * home does not wait for its code and then for its data. The first GET of that path takes it; any later
 * call goes to the server.
 */
export function takePrefetched(url: string, method: string): Promise<TransportResponse> | undefined {
  // Outside a browser (server-side tools, tests) there is nothing prefetched.
  if (typeof window === 'undefined') return undefined
  const early = (window as Early).__yixuePrefetch
  if (!early || method !== 'GET') return undefined
  const path = url.split('?')[0]
  const response = early[path]
  early[path] = undefined
  return response
}

/**
 * The data of the early answer for `path` when it is already here and says success, taken like the promise
 * above: a page can then draw with it in its first render, with no loading state and no request. Anything
 * else (not here yet, an error, a lapsed login) is left to the request, which handles every code.
 */
export function takeArrived<T>(path: string): T | undefined {
  if (typeof window === 'undefined') return undefined
  const w = window as Early
  const response = w.__yixueArrived?.[path]
  if (!response || response.statusCode !== 200) return undefined
  const body = response.data
  if (!isEnvelopeLike(body) || body.code !== ENVELOPE.SUCCESS) return undefined
  w.__yixueArrived![path] = undefined
  if (w.__yixuePrefetch) w.__yixuePrefetch[path] = undefined
  return body.data as T
}
