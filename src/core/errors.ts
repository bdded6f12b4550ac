import type { Envelope } from '@contract'

import { t } from './i18n'

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
export function errorMessage(error: unknown, fallback = t('errors.failed')): string {
  if (typeof error === 'string' && error) return error
  if (typeof error !== 'object' || error === null) return fallback
  // An envelope's msg, an Error's message, a framework failure's errMsg, in that order.
  const { msg, message, errMsg, data } = error as { msg?: unknown; message?: unknown; errMsg?: unknown; data?: unknown }
  const nested = (data as { msg?: unknown } | null | undefined)?.msg
  for (const text of [msg, message, nested, errMsg]) if (typeof text === 'string' && text) return text
  return fallback
}

export function isEnvelopeLike(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number'
}
