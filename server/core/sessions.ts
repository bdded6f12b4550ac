import { getTableColumns, lt, sql } from 'drizzle-orm'

import type { Executor } from '../db/database'
import { users, userTokens } from '../db/schema'
import { AppError, Code, MSG_ACCOUNT_GONE, MSG_LOGIN_REQUIRED } from './envelope'
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

const userColumns = Object.entries(getTableColumns(users))

/** A users row as the driver returns it from raw SQL (column names, wire values) in the schema's shape. */
function userFromRow(row: Record<string, unknown>): AuthUser {
  return Object.fromEntries(
    userColumns.map(([key, column]) => {
      const value = row[column.name]
      return [key, value == null ? null : column.mapFromDriverValue(value)]
    })
  ) as AuthUser
}

/**
 * Resolves a raw token to its user: -9999 when missing, unknown or expired; -1 when the account is
 * banned or deleted. Expiry slides, written at most once a day (inside `token_user`, migration 0012).
 */
export async function authenticate(db: Executor, token: string | undefined, ttlDays: number): Promise<AuthUser> {
  if (!token || token.length > 128) throw new AppError(MSG_LOGIN_REQUIRED, Code.INVALID_TOKEN)
  const now = new Date().toISOString()
  const { rows } = (await db.execute(
    sql`select * from token_user(${hashToken(token)}, ${now}, ${`${ttlDays} days`})`
  )) as unknown as {
    rows: Record<string, unknown>[]
  }
  if (!rows.length) throw new AppError('登录已过期，请重新登录', Code.INVALID_TOKEN)
  const user = userFromRow(rows[0])
  if (user.status !== 0 || user.deletedAt) throw new AppError(MSG_ACCOUNT_GONE, Code.ACCOUNT_GONE)
  return user
}

export async function purgeExpiredTokens(db: Executor): Promise<void> {
  await db.delete(userTokens).where(lt(userTokens.expiresAt, sql`now()`))
}
