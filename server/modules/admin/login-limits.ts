import { AppError } from '../../core/envelope'
import { countHit, forgetHits, takeBackHit } from '../../core/rate-limit'
import type { Executor } from '../../db/database'

const MINUTE_MS = 60_000

/**
 * Console login attempts allowed per window, counted before the password is looked at. One address may try one
 * name 5 times and 20 names in 15 minutes; a name takes 100 attempts an hour from everywhere together. That last
 * one is far higher than one address can reach, so a flood from one address (its attempts past 5 never reach the
 * name's count) never locks the owner out of their own address, while guessing spread over many addresses is
 * still bounded.
 */
export const LOGIN_LIMITS = {
  pair: { max: 5, windowMs: 15 * MINUTE_MS },
  address: { max: 20, windowMs: 15 * MINUTE_MS },
  name: { max: 100, windowMs: 60 * MINUTE_MS }
} as const

type Kind = keyof typeof LOGIN_LIMITS

const minutes = (ms: number) => Math.max(1, Math.ceil(ms / MINUTE_MS))
const MESSAGES: Record<Kind, (wait: number) => string> = {
  pair: (wait) => `登录失败次数过多，请 ${wait} 分钟后再试`,
  address: (wait) => `登录失败次数过多，请 ${wait} 分钟后再试`,
  name: (wait) => `该账号登录尝试过多，请 ${wait} 分钟后再试`
}

/** The three counts of one attempt, by name in lower case and address. */
export interface LoginAttempt {
  buckets: Record<Kind, string>
}

/**
 * Counts a login attempt of `username` from `ip` and refuses it when a limit is used up. Each count is one atomic
 * statement (server/core/rate-limit.ts), so however many attempts arrive together, in however many processes, only
 * the allowed number go on to have their password checked. The checks run in order, each counting only the
 * attempts the one before let through.
 */
export async function countLoginAttempt(db: Executor, username: string, ip: string): Promise<LoginAttempt> {
  const name = username.toLowerCase()
  const buckets: Record<Kind, string> = {
    pair: `admin-login:${ip}:${name}`,
    address: `admin-login-ip:${ip}`,
    name: `admin-login-name:${name}`
  }
  for (const kind of ['pair', 'address', 'name'] as const) {
    const { max, windowMs } = LOGIN_LIMITS[kind]
    const { hits, resetsInMs } = await countHit(db, buckets[kind], windowMs)
    if (hits > max) throw new AppError(MESSAGES[kind](minutes(resetsInMs)))
  }
  return { buckets }
}

/** A good password: this name's count from this address starts over, and the attempt counts towards no limit. */
export async function loginSucceeded(db: Executor, attempt: LoginAttempt): Promise<void> {
  const { buckets } = attempt
  await forgetHits(db, buckets.pair, LOGIN_LIMITS.pair.windowMs)
  await takeBackHit(db, buckets.address, LOGIN_LIMITS.address.windowMs)
  await takeBackHit(db, buckets.name, LOGIN_LIMITS.name.windowMs)
}
