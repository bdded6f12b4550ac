import type { TransportResponse } from '@/core/transport'

/** The mini-program has no index.html to ask for data early: every request goes to the server. */
export function takePrefetched(_url: string, _method: string): Promise<TransportResponse> | undefined {
  return undefined
}

/** Nothing arrives before the app runs in the mini-program. */
export function takeArrived<T>(_path: string): T | undefined {
  return undefined
}
