import { ZxcvbnFactory } from '@zxcvbn-ts/core'
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common'
import { z } from 'zod'

import { COMMON_PASSWORDS } from './common-passwords'

/** Operator passwords: long enough that guessing within the login limits (login-limits.ts) cannot find them. */
export const PASSWORD_MIN = 10
export const PASSWORD_MAX = 64

/**
 * How guessable a password is, by zxcvbn-ts (leaked-password and word dictionaries, keyboard walks, sequences, dates,
 * l33t and case variants: `P@ssw0rd123`, `Aa123456789`, `qwe123456789` all score 1). Built on first use: its
 * dictionaries take ~50 ms and some memory, which a server that never sets a password need not pay.
 */
let estimator: ZxcvbnFactory | undefined
const guessability = (password: string) =>
  (estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs })).check(password, SITE_WORDS).score

/** Words of this site an attacker tries first in a guess (`Admin@123456`, `yixue2026`). */
const SITE_WORDS = ['admin', 'yixue', 'yunying', 'owner']

/** zxcvbn's score (0–4) from which a password is "safely unguessable" online (its own words for 3). */
const MIN_SCORE = 3

/** What is wrong with a new operator password, as a sentence without its subject (`至少 10 个字`); undefined: fine. */
export function passwordProblem(password: string): string | undefined {
  if (password.length < PASSWORD_MIN) return `至少 ${PASSWORD_MIN} 个字`
  if (password.length > PASSWORD_MAX) return `不能超过 ${PASSWORD_MAX} 个字`
  if (/^(.)\1*$/.test(password)) return '不能由同一个字符组成'
  // The list holds what zxcvbn's dictionaries lack: Chinese sites' favourites (woaini1314, 5201314520).
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return '不能是常见密码，请换一个不易被猜到的密码'
  if (guessability(password) < MIN_SCORE)
    return '不能是常见词、键盘连按、连续数字或它们的简单变形，请换一个更不规则的密码'
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
