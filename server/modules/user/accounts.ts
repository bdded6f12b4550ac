import { eq } from 'drizzle-orm'

import { AppError } from '../../core/envelope'
import type { Executor } from '../../db/database'
import { users } from '../../db/schema'
import { bindReferrer } from './referrer'

export interface NewUser {
  nickname?: string
  avatar?: string
  gender?: number
  /** Sealed (sealMobile). */
  mobile?: string
  mobileHash?: string
}

/** Creates an account; a first login's referee_id binds its referrer right away. */
export async function createUser(db: Executor, fields: NewUser, refereeId: number | undefined): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({
      nickname: (fields.nickname ?? '').slice(0, 32),
      avatar: (fields.avatar ?? '').slice(0, 512),
      gender: fields.gender === 1 || fields.gender === 2 ? fields.gender : 0,
      mobile: fields.mobile ?? null,
      mobileHash: fields.mobileHash ?? null
    })
    .returning({ id: users.id })
  await bindReferrer(db, row.id, refereeId)
  return row.id
}

export const MSG_ACCOUNT_DISABLED = '该账号已被停用，如有疑问请联系客服'
export const MSG_ACCOUNT_DELETED = '该账号已注销'

/**
 * Logging in is refused for disabled or deleted accounts with code 0: the login page or the OAuth
 * return shows the message (there is no session to clear yet, and -1 would silently restart the login).
 * The row is share-locked, so an operator disabling the account meanwhile waits for this login and
 * then ends the session it made (or this login waits and sees the account disabled).
 */
export async function assertActive(db: Executor, userId: number): Promise<void> {
  const [row] = await db
    .select({ status: users.status, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, userId))
    .for('share')
    .limit(1)
  if (!row || row.deletedAt) throw new AppError(MSG_ACCOUNT_DELETED)
  if (row.status !== 0) throw new AppError(MSG_ACCOUNT_DISABLED)
}
