import type { TransportResponse } from '@/core/transport'

/** Mini-program: nothing is fetched before the app runs. */
export function takePrefetched(_url: string, _method: string): Promise<TransportResponse> | undefined {
  return undefined
}
