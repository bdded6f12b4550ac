import { and, eq, gt, lt, sql } from 'drizzle-orm'

import { type Db, type Executor, preparedQuery } from '../db/database'
import { users, userTokens } from '../db/schema'
import { AppError, Code, MSG_ACCOUNT_GONE, MSG_LOGIN_REQUIRED } from './envelope'
import type { SessionCache } from './session-cache'
import { hashToken, newToken } from './tokens'

const DAY_MS = 86_400_000

export interface Session {
  userId: number
  token: string
}

export async function issueToken(db: Executor, userId: number, ttlDays: number): Promise<Session> {
  const token = newToken()
  await db
    .insert(userTokens)
    .values({ userId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + ttlDays * DAY_MS) })
  return { userId, token }
}

/** The token's user, read in the same round trip as the token (handlers need not read it again). */
export type AuthUser = typeof users.$inferSelect

/** The busiest query of the server (every logged-in request): a plain join, prepared once per database. */
const tokenQuery = preparedQuery((db) =>
  db
    .select({ user: users, expiresAt: userTokens.expiresAt })
    .from(userTokens)
    .innerJoin(users, eq(users.id, userTokens.userId))
    .where(and(eq(userTokens.tokenHash, sql.placeholder('hash')), gt(userTokens.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('token_user')
)

/**
 * Resolves a raw token to its user: -9999 when missing, unknown or expired; -1 when the account is
 * banned or deleted. Expiry slides, written at most once a day (a second statement on that one request).
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
  const [row] = await tokenQuery(db).execute({ hash, now: now.toISOString() })
  if (!row) throw new AppError('登录已过期，请重新登录', Code.INVALID_TOKEN)
  const { user, expiresAt } = row
  if (user.status !== 0 || user.deletedAt) throw new AppError(MSG_ACCOUNT_GONE, Code.ACCOUNT_GONE)
  const slid = new Date(now.getTime() + ttlDays * DAY_MS)
  if (slid.getTime() - expiresAt.getTime() > DAY_MS) {
    await db.update(userTokens).set({ expiresAt: slid }).where(eq(userTokens.tokenHash, hash))
  }
  cache?.set(hash, user, expiresAt.getTime(), now.getTime(), mark)
  return user
}

export async function purgeExpiredTokens(db: Executor): Promise<void> {
  await db.delete(userTokens).where(lt(userTokens.expiresAt, sql`now()`))
}
