import crypto from 'node:crypto'

import { and, asc, eq, gt, isNull } from 'drizzle-orm'

import { AppError } from '../../core/envelope'
import type { Executor } from '../../db/database'
import { wechatSimCodes, wechatSimUsers } from '../../db/schema'

export type SimCodeKind = 'oauth' | 'mp'
export type SimUser = typeof wechatSimUsers.$inferSelect

const CODE_TTL_MS = 5 * 60_000

export function listSimUsers(db: Executor): Promise<SimUser[]> {
  return db.select().from(wechatSimUsers).orderBy(asc(wechatSimUsers.id)).limit(50)
}

export async function findSimUser(db: Executor, openid: string): Promise<SimUser | undefined> {
  const [u] = await db.select().from(wechatSimUsers).where(eq(wechatSimUsers.openid, openid)).limit(1)
  return u
}

export async function createSimUser(db: Executor, nickname: string, avatar = ''): Promise<SimUser> {
  const id = crypto.randomBytes(12).toString('hex')
  const [u] = await db
    .insert(wechatSimUsers)
    .values({ openid: `sim_o_${id}`, unionid: `sim_u_${id}`, nickname, avatar })
    .returning()
  return u
}

/** A single-use code valid five minutes, like WeChat's. */
export async function issueSimCode(db: Executor, kind: SimCodeKind, openid: string): Promise<string> {
  const code = crypto.randomBytes(16).toString('hex')
  await db.insert(wechatSimCodes).values({ code, kind, openid, expiresAt: new Date(Date.now() + CODE_TTL_MS) })
  return code
}

export async function consumeSimCode(db: Executor, kind: SimCodeKind, code: string): Promise<SimUser> {
  const [row] = await db
    .update(wechatSimCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(wechatSimCodes.code, code),
        eq(wechatSimCodes.kind, kind),
        isNull(wechatSimCodes.usedAt),
        gt(wechatSimCodes.expiresAt, new Date())
      )
    )
    .returning({ openid: wechatSimCodes.openid })
  const user = row && (await findSimUser(db, row.openid))
  if (!user) throw new AppError('微信登录凭证无效或已使用，请重新登录')
  return user
}
