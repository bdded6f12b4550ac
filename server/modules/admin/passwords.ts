import crypto from 'node:crypto'
import { promisify } from 'node:util'

import { readSettings } from '../../config'

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions
) => Promise<Buffer>

// scrypt with N=2^15, r=8: 32 MiB of memory per guess (OWASP's password storage cheat sheet
// recommends at least N=2^17 with r=8, p=1 or equivalent cost; 2^15 with p=4 costs the same work
// with a quarter of the memory, which suits a server answering logins next to the app).
const PARAMS = { N: 2 ** 15, r: 8, p: 4 }
// A test run (jest sets NODE_ENV=test) hashes and checks some two hundred passwords, ~0.36 s each at the cost above
// on a CI core; at 1/128 of the work each server suite spends over a minute of CPU less. Nowhere but under that.
const TEST_PARAMS = { N: 2 ** 10, r: 8, p: 1 }

/** The scrypt parameters new hashes get under `nodeEnv`. */
export const passwordParamsFor = (nodeEnv: string | undefined) => (nodeEnv === 'test' ? TEST_PARAMS : PARAMS)
let chosen: typeof PARAMS | undefined
const params = () => (chosen ??= passwordParamsFor(readSettings().NODE_ENV))
const KEY_LEN = 32
let checks = 0

/** Passwords checked by this process so far: how a test sees how many login attempts reached scrypt. */
export const passwordChecks = () => checks

export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16)
  const { N, r, p } = params()
  const key = await scrypt(password, salt, KEY_LEN, { N, r, p, maxmem: 256 * N * r })
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$')
}

/** A well-formed hash with the current parameters that no password matches: checking it costs what a real one does. */
export function unmatchableHash(): string {
  const { N, r, p } = params()
  return ['scrypt', N, r, p, Buffer.alloc(16).toString('base64'), Buffer.alloc(KEY_LEN).toString('base64')].join('$')
}

/**
 * Checks a password against a stored hash in constant time; the parameters come from the hash, so old hashes keep
 * working.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  checks++
  const [kind, n, r, p, salt, key] = stored.split('$')
  if (kind !== 'scrypt' || !salt || !key) return false
  const N = Number(n)
  const expected = Buffer.from(key, 'base64')
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, {
    N,
    r: Number(r),
    p: Number(p),
    maxmem: 256 * N * Number(r)
  })
  return crypto.timingSafeEqual(actual, expected)
}

/** A password for a new or reset account: 16 characters, no look-alikes. */
export function randomPassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789'
  return Array.from({ length: 16 }, () => alphabet[crypto.randomInt(alphabet.length)]).join('')
}
