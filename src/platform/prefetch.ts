import type { TransportResponse } from '@/core/transport'

/** What src/index.html asks for before the app's code has arrived, by API path. */
type Prefetched = Record<string, Promise<TransportResponse> | undefined>

/**
 * H5: the home's data is asked for by a script in index.html while the app's code downloads, so the
 * home does not wait for its code and then for its data. The first GET of that path takes it; any later
 * call goes to the server.
 */
export function takePrefetched(url: string, method: string): Promise<TransportResponse> | undefined {
  // Outside a browser (server-side tools, tests) there is nothing prefetched.
  if (typeof window === 'undefined') return undefined
  const early = (window as { __yixuePrefetch?: Prefetched }).__yixuePrefetch
  if (!early || method !== 'GET') return undefined
  const path = url.split('?')[0]
  const response = early[path]
  early[path] = undefined
  return response
}
