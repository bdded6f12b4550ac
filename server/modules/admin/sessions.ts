import crypto from 'node:crypto'

import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm'

import { AppError, Code } from '../../core/envelope'
import { hashToken, newToken } from '../../core/tokens'
import type { Db, Executor } from '../../db/database'
import { adminOperators, adminSessions } from '../../db/schema'
import { countLoginAttempt, loginSucceeded } from './login-limits'
import { unmatchableHash, verifyPassword } from './passwords'
import { inScryptQueue } from './scrypt-queue'

export type Operator = typeof adminOperators.$inferSelect

export const SESSION_COOKIE = 'yx_admin'
/** A session ends this long after its last use by the operator (the bell and dashboard polling do not count)… */
export const SESSION_HOURS = 12
/** …and this long after its login, however busy: a stolen cookie is not good for ever. */
export const SESSION_MAX_HOURS = 24
const HOUR_MS = 3_600_000

export const MSG_ADMIN_LOGIN = '请先登录运营后台'
export const MSG_BAD_LOGIN = '账号或密码错误'

/**
 * Checks a username and password. The attempt is counted first, in the database (login-limits.ts): past a limit it
 * is refused before anything else, so guesses arriving together, in any number of processes, are never all checked.
 * An unknown name is checked against a hash that no password matches, so it costs, counts and answers exactly as a
 * wrong password does; every check waits its turn in the scrypt queue (scrypt-queue.ts).
 */
export async function login(
  db: Db,
  username: string,
  password: string,
  ip: string
): Promise<{ operator: Operator; token: string; csrf: string }> {
  const attempt = await countLoginAttempt(db, username, ip)
  const [operator] = await db.select().from(adminOperators).where(eq(adminOperators.username, username)).limit(1)
  const good = await inScryptQueue(() => verifyPassword(password, operator?.passwordHash ?? unmatchableHash()))
  if (!operator || !good) throw new AppError(MSG_BAD_LOGIN)
  if (operator.disabled) throw new AppError('该账号已停用，请联系店主')
  await loginSucceeded(db, attempt)
  const token = newToken()
  const csrf = crypto.randomBytes(24).toString('hex')
  await db.insert(adminSessions).values({
    operatorId: operator.id,
    tokenHash: hashToken(token),
    csrfToken: csrf,
    ip: ip.slice(0, 64),
    expiresAt: new Date(Date.now() + SESSION_HOURS * HOUR_MS)
  })
  await db.update(adminOperators).set({ lastLoginAt: new Date() }).where(eq(adminOperators.id, operator.id))
  return { operator, token, csrf }
}

export interface AdminSession {
  sessionId: number
  csrf: string
  operator: Operator
}

/**
 * The operator of a session cookie: refused when missing, unknown, expired, revoked or disabled. Expiry slides on
 * what the operator does, up to SESSION_MAX_HOURS after login; a `background` call (a poll the console makes by itself)
 * is answered without sliding, so a console left open ends after SESSION_HOURS idle.
 */
export async function authenticateAdmin(
  db: Db,
  token: string | undefined,
  { background = false }: { background?: boolean } = {}
): Promise<AdminSession> {
  if (!token || token.length > 128) throw new AppError(MSG_ADMIN_LOGIN, Code.INVALID_TOKEN)
  const [row] = await db
    .select({ session: adminSessions, operator: adminOperators })
    .from(adminSessions)
    .innerJoin(adminOperators, eq(adminOperators.id, adminSessions.operatorId))
    .where(
      and(
        eq(adminSessions.tokenHash, hashToken(token)),
        isNull(adminSessions.revokedAt),
        gt(adminSessions.expiresAt, new Date())
      )
    )
    .limit(1)
  if (!row) throw new AppError('登录已过期，请重新登录', Code.INVALID_TOKEN)
  if (row.operator.disabled) throw new AppError('该账号已停用，请联系店主', Code.INVALID_TOKEN)
  const now = Date.now()
  const slid = Math.min(now + SESSION_HOURS * HOUR_MS, row.session.createdAt.getTime() + SESSION_MAX_HOURS * HOUR_MS)
  // Written at most once an hour: a console busy with reads does not write on every call.
  if (!background && slid - row.session.expiresAt.getTime() > HOUR_MS) {
    await db
      .update(adminSessions)
      .set({ expiresAt: new Date(slid) })
      .where(eq(adminSessions.id, row.session.id))
  }
  return { sessionId: row.session.id, csrf: row.session.csrfToken, operator: row.operator }
}

/** Ends sessions: one (logout), or every one of an operator except `keep` (password change, disable, reset). */
export async function revokeSessions(db: Executor, operatorId: number, keep?: number): Promise<void> {
  await db
    .update(adminSessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(adminSessions.operatorId, operatorId),
        isNull(adminSessions.revokedAt),
        keep === undefined ? undefined : sql`${adminSessions.id} <> ${keep}`
      )
    )
}

export async function revokeSession(db: Executor, sessionId: number): Promise<void> {
  await db.update(adminSessions).set({ revokedAt: new Date() }).where(eq(adminSessions.id, sessionId))
}

/** Drops ended sessions (at start-up). */
export async function purgeAdminSessions(db: Executor): Promise<void> {
  const now = new Date()
  await db.delete(adminSessions).where(or(lt(adminSessions.expiresAt, now), lt(adminSessions.revokedAt, now)))
}

/** Compares the CSRF header with the session's token in constant time. */
export function csrfMatches(given: unknown, expected: string): boolean {
  if (typeof given !== 'string' || given.length !== expected.length) return false
  return crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expected))
}
