import { eq } from 'drizzle-orm'
import type { Executor } from '../../db/database'
import { users } from '../../db/schema'
import { AppError, Code, MSG_ACCOUNT_GONE } from '../../core/envelope'
import { bindReferrer } from './referrer'

export interface NewUser {
  nickname?: string
  avatar?: string
  gender?: number
  mobile?: string
}

/** Creates an account; a first login's referee_id binds its referrer right away. */
export async function createUser(db: Executor, fields: NewUser, refereeId: number | undefined): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({
      nickname: (fields.nickname ?? '').slice(0, 32),
      avatar: (fields.avatar ?? '').slice(0, 512),
      gender: fields.gender === 1 || fields.gender === 2 ? fields.gender : 0,
      mobile: fields.mobile ?? null
    })
    .returning({ id: users.id })
  await bindReferrer(db, row.id, refereeId)
  return row.id
}

/** Logging in is refused for banned or deleted accounts with the code that makes the client reset. */
export async function assertActive(db: Executor, userId: number): Promise<void> {
  const [row] = await db.select({ status: users.status, deletedAt: users.deletedAt }).from(users).where(eq(users.id, userId)).limit(1)
  if (!row || row.status !== 0 || row.deletedAt) throw new AppError(MSG_ACCOUNT_GONE, Code.ACCOUNT_GONE)
}
