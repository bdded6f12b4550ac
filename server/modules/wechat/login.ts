import { and, eq, isNotNull, sql } from 'drizzle-orm'

import { issueToken, type Session } from '../../core/sessions'
import type { Db } from '../../db/database'
import { wechatAccounts } from '../../db/schema'
import { assertActive, createUser } from '../user/accounts'
import type { WechatIdentity } from './provider'

/**
 * Finds or creates the account of a WeChat identity. The same unionid across the official account
 * and the mini-program is one person, so it lands on the same account.
 */
export async function loginWithWechat(
  db: Db,
  who: WechatIdentity,
  refereeId: number | undefined,
  ttlDays: number
): Promise<Session> {
  return db.transaction(async (tx) => {
    // Two first logins of one person at once must not create two accounts.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`wx:${who.unionid ?? `${who.appId}:${who.openid}`}`}))`
    )
    const [linked] = await tx
      .select({ id: wechatAccounts.id, userId: wechatAccounts.userId })
      .from(wechatAccounts)
      .where(and(eq(wechatAccounts.appId, who.appId), eq(wechatAccounts.openid, who.openid)))
      .limit(1)
    let userId = linked?.userId
    if (userId === undefined && who.unionid) {
      const [sibling] = await tx
        .select({ userId: wechatAccounts.userId })
        .from(wechatAccounts)
        .where(and(isNotNull(wechatAccounts.unionid), eq(wechatAccounts.unionid, who.unionid)))
        .limit(1)
      userId = sibling?.userId
    }
    userId ??= await createUser(
      tx,
      { nickname: who.nickname || '微信用户', avatar: who.avatar, gender: who.gender },
      refereeId
    )
    await assertActive(tx, userId)
    if (linked) {
      await tx
        .update(wechatAccounts)
        .set({ sessionKey: who.sessionKey ?? null, unionid: who.unionid ?? null, updatedAt: new Date() })
        .where(eq(wechatAccounts.id, linked.id))
    } else {
      await tx.insert(wechatAccounts).values({
        userId,
        appId: who.appId,
        openid: who.openid,
        unionid: who.unionid ?? null,
        sessionKey: who.sessionKey ?? null
      })
    }
    return issueToken(tx, userId, ttlDays)
  })
}
