import { MSG_NOT_OWNER } from '../../contract'
import type { ForeignLocale } from './validate-i18n'

export { MSG_NOT_OWNER }

/** Response codes of the envelope `{code, msg, data}` shared with the client. */
export const Code = {
  SUCCESS: 1,
  ERROR: 0,
  INVALID_TOKEN: -9999,
  ACCOUNT_GONE: -1
} as const

export interface Envelope<T = unknown> {
  code: number
  msg: string
  data: T
}

export function ok<T>(data: T, msg = 'success'): Envelope<T> {
  return { code: Code.SUCCESS, msg, data }
}

export function failure(code: number, msg: string): Envelope<Record<string, never>> {
  return { code, msg, data: {} }
}

/**
 * An expected failure: becomes the envelope with its code and Chinese message, HTTP 200, in the request's language
 * (i18n.ts): `localized` words it in English, French or Spanish when it is more than a fixed message (a refused field).
 */
export class AppError extends Error {
  constructor(
    message: string,
    readonly code: number = Code.ERROR,
    readonly localized?: (locale: ForeignLocale) => string | undefined
  ) {
    super(message)
    this.name = 'AppError'
  }
}

export const MSG_BUSY = '服务器繁忙，请稍后再试'
export const MSG_NOT_FOUND = '接口不存在'
export const MSG_LOGIN_REQUIRED = '请先登录'
export const MSG_ACCOUNT_GONE = '账号已被禁用或注销'

/**
 * A record a user opened by its id: missing → `missing`; someone else's → MSG_NOT_OWNER (a shared or
 * bookmarked link opened by another account deserves to know why, not a "not found").
 */
export function ownedBy<T extends { userId: number | null }>(row: T | undefined, userId: number, missing: string): T {
  if (!row) throw new AppError(missing)
  if (row.userId !== userId) throw new AppError(MSG_NOT_OWNER)
  return row
}

/** A save that carries an older version of the record than the one stored (two operators editing it). */
export const MSG_STALE = '该记录已被他人修改，请刷新后再编辑'
