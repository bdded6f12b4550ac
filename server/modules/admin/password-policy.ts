import { z } from 'zod'

import { COMMON_PASSWORDS } from './common-passwords'

/** Operator passwords: long enough that guessing within the login limits (login-limits.ts) cannot find them. */
export const PASSWORD_MIN = 10
export const PASSWORD_MAX = 64

/** What is wrong with a new operator password, as a sentence without its subject (`至少 10 个字`); undefined: fine. */
export function passwordProblem(password: string): string | undefined {
  if (password.length < PASSWORD_MIN) return `至少 ${PASSWORD_MIN} 个字`
  if (password.length > PASSWORD_MAX) return `不能超过 ${PASSWORD_MAX} 个字`
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return '不能是常见密码，请换一个不易被猜到的密码'
  if (/^(.)\1*$/.test(password)) return '不能由同一个字符组成'
  return undefined
}

/** A new operator password in a route's input; the field's own name leads its message (`新密码至少 10 个字`). */
export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN)
  .max(PASSWORD_MAX)
  .superRefine((password, ctx) => {
    const problem = password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX && passwordProblem(password)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })

/** The first owner's password from ADMIN_INITIAL_PASSWORD is refused like any other weak one, before it is used. */
export class WeakPasswordError extends Error {
  constructor(setting: string, problem: string) {
    super(`${setting}: 初始店主 admin 的密码${problem}（运营后台的密码至少 ${PASSWORD_MIN} 个字且不能是常见密码）`)
  }
}
