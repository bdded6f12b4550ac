import { and, eq, gt, lt, or, sql } from 'drizzle-orm'

import { type Db, type Executor, preparedQuery } from '../db/database'
import { users, userTokens } from '../db/schema'
import { AppError, Code, MSG_ACCOUNT_GONE, MSG_LOGIN_REQUIRED } from './envelope'
import type { SessionCache } from './session-cache'
import { hashToken, newToken } from './tokens'

const DAY_MS = 86_400_000
/**
 * However often a login is used (its expiry slides by TOKEN_TTL_DAYS on use), it ends this many days after it was
 * made: a token copied off a phone, or out of a log or a shared link, stops working at last.
 */
export const SESSION_MAX_DAYS = 90

export interface Session {
  userId: number
  token: string
}

export async function issueToken(db: Executor, userId: number, ttlDays: number): Promise<Session> {
  const token = newToken()
  const days = Math.min(ttlDays, SESSION_MAX_DAYS)
  await db
    .insert(userTokens)
    .values({ userId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + days * DAY_MS) })
  return { userId, token }
}

/** The token's user, read in the same round trip as the token (handlers need not read it again). */
export type AuthUser = typeof users.$inferSelect

/** The busiest query of the server (every logged-in request): a plain join, prepared once per database. */
const tokenQuery = preparedQuery((db) =>
  db
    .select({ user: users, expiresAt: userTokens.expiresAt, createdAt: userTokens.createdAt })
    .from(userTokens)
    .innerJoin(users, eq(users.id, userTokens.userId))
    .where(
      and(
        eq(userTokens.tokenHash, sql.placeholder('hash')),
        gt(userTokens.expiresAt, sql.placeholder('now')),
        gt(userTokens.createdAt, sql.placeholder('born'))
      )
    )
    .limit(1)
    .prepare('token_user')
)

/**
 * Resolves a raw token to its user: -9999 when missing, unknown, expired or older than SESSION_MAX_DAYS; -1 when
 * the account is banned or deleted. Expiry slides, never past that age, written at most once a day (a second
 * statement on that one request).
 * With `cache` (reads only) a user resolved moments ago is taken from memory (server/core/session-cache.ts).
 */
export async function authenticate(
  db: Db,
  token: string | undefined,
  ttlDays: number,
  cache?: SessionCache
): Promise<AuthUser> {
  if (!token || token.length > 128) throw new AppError(MSG_LOGIN_REQUIRED, Code.INVALID_TOKEN)
  const hash = hashToken(token)
  const cached = cache?.get(hash, Date.now())
  if (cached) return cached
  const mark = cache?.mark ?? 0
  const now = new Date()
  // An ISO text, not a Date: it binds the same way on both drivers (and from any realm, as under jest).
  const born = new Date(now.getTime() - SESSION_MAX_DAYS * DAY_MS)
  const [row] = await tokenQuery(db).execute({ hash, now: now.toISOString(), born: born.toISOString() })
  if (!row) throw new AppError('登录已过期，请重新登录', Code.INVALID_TOKEN)
  const { user, expiresAt, createdAt } = row
  if (user.status !== 0 || user.deletedAt) throw new AppError(MSG_ACCOUNT_GONE, Code.ACCOUNT_GONE)
  const end = createdAt.getTime() + SESSION_MAX_DAYS * DAY_MS
  const slid = new Date(Math.min(now.getTime() + ttlDays * DAY_MS, end))
  if (slid.getTime() - expiresAt.getTime() > DAY_MS) {
    await db.update(userTokens).set({ expiresAt: slid }).where(eq(userTokens.tokenHash, hash))
  }
  cache?.set(hash, user, Math.min(expiresAt.getTime(), end), now.getTime(), mark)
  return user
}

/** Ends a login at once, in every process: the row's deletion is what their caches hear (session-cache.ts). */
export async function revokeToken(db: Executor, token: string): Promise<void> {
  await db.delete(userTokens).where(eq(userTokens.tokenHash, hashToken(token)))
}

export async function purgeExpiredTokens(db: Executor): Promise<void> {
  await db
    .delete(userTokens)
    .where(
      or(
        lt(userTokens.expiresAt, sql`now()`),
        lt(userTokens.createdAt, new Date(Date.now() - SESSION_MAX_DAYS * DAY_MS))
      )
    )
}
