import Taro from '@tarojs/taro'

import { FAILURE_CODE } from '@/core/constants'
import { limiter } from '@/core/limiter'
import type { Transport, TransportFailure } from '@/core/transport'

import { concurrentRequests, timeoutCap } from './env'
import { takePrefetched } from './prefetch'

const capped = (timeout: number | undefined) => (timeout === undefined ? undefined : Math.min(timeout, timeoutCap()))
const inTurn = limiter(concurrentRequests())

/**
 * Taro.request / Taro.uploadFile behind the request layer's interface, on both targets.
 * H5 enforces the time-out by aborting the fetch: that abort is reported as the time-out it is. A failure
 * without the framework's code (H5's fetch) gets the spec's network-error code: 5 for a request,
 * 602001 for a file transfer. The mini-program's are capped at WeChat's time-out and taken in turn within its
 * limit of requests at once (src/platform/env.weapp.ts).
 */
export const transport: Transport = {
  async request({ url, method, data, header, timeout }) {
    try {
      // The home's data may be on its way already (H5, src/index.html); a failed early fetch is asked again.
      const early = await takePrefetched(url, method ?? 'GET')?.catch(() => undefined)
      if (early) return early
      const response = await inTurn(() =>
        Taro.request({ url, method, data, header, timeout: capped(timeout), dataType: 'json' })
      )
      return { statusCode: response.statusCode, data: response.data }
    } catch (error) {
      throw toFailure(error, 'request')
    }
  },
  async upload({ url, filePath, name, formData, header, timeout }) {
    try {
      const response = await inTurn(() =>
        Taro.uploadFile({ url, filePath, name, formData, header, timeout: capped(timeout) })
      )
      return { statusCode: response.statusCode, data: response.data }
    } catch (error) {
      throw toFailure(error, 'uploadFile')
    }
  }
}

function toFailure(error: unknown, api: string): TransportFailure {
  const raw = (typeof error === 'object' && error !== null ? error : {}) as {
    errMsg?: string
    errno?: number
    message?: string
    name?: string
  }
  if (raw.name === 'AbortError') return { errMsg: `${api}:fail timeout`, errno: FAILURE_CODE.TIMEOUT }
  const networkError = api === 'request' ? FAILURE_CODE.REQUEST_NETWORK_ERROR : FAILURE_CODE.TRANSFER_NETWORK_ERROR
  return { errMsg: raw.errMsg || raw.message || `${api}:fail`, errno: raw.errno ?? networkError }
}
