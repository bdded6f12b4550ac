import { and, eq, ne } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type {
  BindMobileResponse,
  CheckBindMobileResponse,
  FriendsWithEarningsResponse,
  InviteMpCodeResponse,
  LoginResponse,
  MergeAccountResponse,
  UserCounts,
  UserDetailResponse,
  UserNoticesResponse
} from '../../../contract'
import { AppError } from '../../core/envelope'
import { pagingFields } from '../../core/paging'
import { limitIp } from '../../core/rate-limit'
import { paramsOf } from '../../core/request-params'
import { publicRoute, userRoute } from '../../core/route'
import { mobileLookup, openMobile, sealMobile } from '../../core/sealed-columns'
import { issueToken, revokeToken } from '../../core/sessions'
import { tokenFromRequest } from '../../core/tokens'
import { mobileSchema, optional, refereeParam, smsCodeSchema, text } from '../../core/validate'
import { users } from '../../db/schema'
import { isOurUpload } from '../file/own-upload'
import { consumeSmsCode } from '../sms/codes'
import { assertActive, createUser } from './accounts'
import { userCounts } from './counts'
import { listFriends } from './friends'
import { inviteMiniProgramCode } from './invite-code'
import { mergeAccounts, offerMerge } from './merge'
import { maskMobile, toProfile } from './profile'

const MSG_MOBILE_TAKEN = '该手机号已绑定其他账号'
export const MSG_AVATAR_NOT_OURS = '头像须为上传到本站的图片，请重新上传'

const updateInfoInput = z.object({
  nickname: optional(text(32, 1)),
  avatar: optional(
    z
      .string()
      .trim()
      .max(512)
      .regex(/^(https?:\/\/|\/)[^\s"'<>]*$/)
  ),
  gender: optional(z.union([z.literal(0), z.literal(1), z.literal(2), z.enum(['0', '1', '2']).transform(Number)])),
  birthday: optional(
    z.iso.date().refine((d) => d >= '1850-01-01' && d <= new Date().toISOString().slice(0, 10), {
      message: '不能早于 1850 年或晚于今天'
    })
  )
})

export default async function userModule(app: FastifyInstance): Promise<void> {
  const ttl = () => app.config.tokenTtlDays
  const cipher = app.services.dataCipher

  publicRoute(
    app,
    {
      method: 'POST',
      path: '/user.user/mobileLogin',
      input: z.object({ mobile: mobileSchema, sms_code: smsCodeSchema, referee_id: refereeParam })
    },
    async ({ input, req }): Promise<LoginResponse> => {
      await limitIp(app, req, 'login')
      const mobileHash = mobileLookup(cipher, input.mobile)
      await consumeSmsCode(app.db, mobileHash, 'login', input.sms_code)
      return app.db.transaction(async (tx) => {
        const [existing] = await tx
          .select({ id: users.id })
          .from(users)
          .where(eq(users.mobileHash, mobileHash))
          .limit(1)
        const userId = existing
          ? existing.id
          : await createUser(
              tx,
              { ...sealMobile(cipher, input.mobile), nickname: `用户${input.mobile.slice(7)}` },
              input.referee_id
            )
        if (existing) await assertActive(tx, userId)
        const session = await issueToken(tx, userId, ttl())
        return { user_id: session.userId, token: session.token }
      })
    }
  )

  // 退出登录: the token stops working on the server too, in every process at once (its row's deletion is what their
  // session caches hear). Whoever holds a token may end it; an unknown or ended one is already what was asked.
  publicRoute(app, { method: 'POST', path: '/user.user/logout', input: z.object({}) }, async ({ req }) => {
    const token = tokenFromRequest(req.headers, paramsOf(req))
    if (token && token.length <= 128) await revokeToken(app.db, token)
    return {}
  })

  // The user came with the token's check: one query for the busiest authenticated read.
  userRoute(
    app,
    { method: 'GET', path: '/user.user/detail', input: z.object({}) },
    async ({ user }): Promise<UserDetailResponse> => ({ user: toProfile(user, cipher) })
  )

  userRoute(
    app,
    { method: 'POST', path: '/user.user/updateInfo', input: updateInfoInput },
    async ({ input, userId, user }): Promise<UserDetailResponse> => {
      const changes: Partial<typeof users.$inferInsert> = {}
      if (input.nickname !== undefined) changes.nickname = input.nickname
      if (input.avatar !== undefined) changes.avatar = input.avatar
      if (input.gender !== undefined) changes.gender = input.gender
      if (input.birthday !== undefined) changes.birthday = input.birthday
      if (Object.keys(changes).length === 0) throw new AppError('没有需要修改的内容')
      // A new avatar is a picture uploaded here (file.upload/image), never another site's address.
      if (changes.avatar && changes.avatar !== user.avatar && !isOurUpload(app, changes.avatar))
        throw new AppError(MSG_AVATAR_NOT_OURS)
      const guard = app.services.contentGuard
      if (changes.nickname && changes.nickname !== user.nickname)
        await guard.checkText(userId, 1, '昵称', { content: changes.nickname, nickname: changes.nickname })
      const newAvatar = changes.avatar && changes.avatar !== user.avatar ? [changes.avatar] : []
      const pendingImages = await guard.submitImages(userId, 1, newAvatar)
      return app.db.transaction(async (tx) => {
        const [u] = await tx
          .update(users)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(users.id, userId))
          .returning()
        await guard.recordImages(tx, userId, pendingImages, { kind: 'avatar' })
        return { user: toProfile(u, cipher) }
      })
    }
  )

  userRoute(
    app,
    { method: 'POST', path: '/user.user/checkBindMobile', input: z.object({}) },
    async ({ userId }): Promise<CheckBindMobileResponse> => {
      const [u] = await app.db.select({ mobile: users.mobile }).from(users).where(eq(users.id, userId)).limit(1)
      return { bound: Boolean(u.mobile), mobile: maskMobile(openMobile(cipher, u.mobile)) }
    }
  )

  userRoute(
    app,
    {
      method: 'POST',
      path: '/user.user/bindMobile',
      input: z.object({ mobile: mobileSchema, sms_code: smsCodeSchema })
    },
    async ({ input, userId, user }): Promise<BindMobileResponse> => {
      const [owner] = await app.db
        .select({ id: users.id, status: users.status })
        .from(users)
        .where(and(eq(users.mobileHash, mobileLookup(cipher, input.mobile)), ne(users.id, userId)))
        .limit(1)
      // An account of the same person (SMS on the web, WeChat here) can be merged into this one, with
      // the code as proof; an account that already has a number of its own cannot take another's.
      if (owner && (user.mobile || owner.status !== 0)) throw new AppError(MSG_MOBILE_TAKEN)
      await consumeSmsCode(app.db, mobileLookup(cipher, input.mobile), 'bind', input.sms_code)
      if (owner) {
        const offer = await offerMerge(app.db, cipher, userId, owner.id, input.mobile)
        return {
          bound: false,
          mobile: maskMobile(input.mobile),
          merge: { merge_token: offer.token, summary: offer.summary }
        }
      }
      try {
        await app.db
          .update(users)
          .set({ ...sealMobile(cipher, input.mobile), updatedAt: new Date() })
          .where(eq(users.id, userId))
      } catch (e) {
        // Two accounts racing for one number: the unique index lets only one win.
        if ((e as { cause?: { code?: string } }).cause?.code === '23505') throw new AppError(MSG_MOBILE_TAKEN)
        throw e
      }
      return { bound: true, mobile: maskMobile(input.mobile) }
    }
  )

  userRoute(
    app,
    {
      method: 'POST',
      path: '/user.user/mergeAccount',
      input: z.object({ merge_token: z.string().trim().min(1).max(128) })
    },
    async ({ input, userId }): Promise<MergeAccountResponse> => {
      const merged = await mergeAccounts(app.db, cipher, userId, input.merge_token)
      return { bound: true, mobile: maskMobile(merged.mobile), summary: merged.summary }
    }
  )

  userRoute(
    app,
    { method: 'GET', path: '/user.user/getFriends', input: z.object(pagingFields) },
    async ({ input, userId }): Promise<FriendsWithEarningsResponse> =>
      listFriends(app.db, userId, input.page, input.per_page)
  )

  userRoute(
    app,
    { method: 'GET', path: '/user.invite/mpCode', input: z.object({}) },
    async ({ userId }): Promise<InviteMpCodeResponse> => ({
      url: (await inviteMiniProgramCode(app.services, userId, app.config.wechat.mpEnvVersion)) ?? null
    })
  )

  userRoute(
    app,
    { method: 'POST', path: '/user.notice/unread', input: z.object({}) },
    async ({ userId }): Promise<UserNoticesResponse> => ({
      list: await app.services.contentGuard.takeNotices(userId)
    })
  )

  userRoute(
    app,
    { method: 'GET', path: '/user.user/counts', input: z.object({}) },
    async ({ userId }): Promise<UserCounts> => userCounts(app, userId)
  )
}
