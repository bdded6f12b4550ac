import type { Envelope } from '@contract'

/** A request that never got an answer (offline, time-out, abort): `message` is for the user. */
export class NetworkError extends Error {
  constructor(
    message: string,
    /** The framework's message, e.g. 'request:fail timeout'. */
    readonly errMsg: string,
    /** The framework's failure code (see FAILURE_CODE), when it gave one. */
    readonly errno?: number
  ) {
    super(message)
    this.name = 'NetworkError'
  }
}

/** Any value a request rejects with (an envelope, a NetworkError, the raw response) as a message for the user. */
export function errorMessage(error: unknown, fallback = '操作失败，请稍后再试'): string {
  if (typeof error === 'string' && error) return error
  if (error instanceof Error && error.message) return error.message
  if (isEnvelopeLike(error)) {
    const nested = (error.data as { msg?: unknown } | undefined)?.msg
    if (typeof error.msg === 'string' && error.msg) return error.msg
    if (typeof nested === 'string' && nested) return nested
  }
  const errMsg = (error as { errMsg?: unknown } | null)?.errMsg
  if (typeof errMsg === 'string' && errMsg) return errMsg
  return fallback
}

export function isEnvelopeLike(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number'
}
