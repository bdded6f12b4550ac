import './helpers/native-modules'

import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { and, eq } from 'drizzle-orm'

import { articles } from '../../server/db/schema'
import { pushSignature } from '../../server/modules/wechat/message-push'
import { fakeWechat, fakeWechatConstants } from './helpers/fake-wechat'
import { call, createTestContext, type TestContext } from './helpers/test-app'
import { PNG, upload } from './helpers/upload'

const fake = fakeWechat()
const REFUSED = '内容含有违规信息，请修改后再提交'
const UNAVAILABLE = '内容安全检查暂时不可用，请稍后再试'
const PUSH_TOKEN = 'push-token-for-tests'
const wordsFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'yx-words-')), 'words.txt')

let ctx: TestContext
let categoryId: number
beforeAll(async () => {
  fs.writeFileSync(wordsFile, '# 运营自己加的词\n')
  ctx = await createTestContext({
    WECHAT_MP_APP_ID: 'wxmp',
    WECHAT_MP_APP_SECRET: 'mpsecret',
    WECHAT_API_BASE: await fake.listen(),
    WECHAT_MP_PUSH_TOKEN: PUSH_TOKEN,
    CONTENT_WORDS_FILE: wordsFile,
    PAY_PROVIDER: 'sandbox'
  })
  categoryId = (await call(ctx.app, 'GET', '/api/article.category/lists')).data.list[0].category_id
})
afterAll(async () => {
  await ctx.close()
  await fake.close()
})

/** A mini-program user (WeChat knows their openid `o_mp-user-<name>`). */
async function mpUser(name: string) {
  const r = await call(ctx.app, 'POST', '/api/wechat.index/mpLogin', { code: `mp-user-${name}`, client: 'wxapp' })
  expect(r.code).toBe(1)
  return { userId: r.data.user_id as number, token: r.data.token as string }
}

const publish = (token: string, fields: { title?: string; content: string; images?: string[] }) =>
  call(
    ctx.app,
    'POST',
    '/api/article.Article/publish',
    { title: '我的排盘心得', category_id: categoryId, images: [], ...fields },
    token
  )
const articlesOf = (userId: number) => ctx.database.db.select().from(articles).where(eq(articles.userId, userId))

/** WeChat's message push as the mini-program's server receives it (plain-text mode, JSON). */
function push(body: object, token = PUSH_TOKEN) {
  const timestamp = String(Math.floor(Date.now() / 1000))
  const nonce = 'n' + Math.random().toString(36).slice(2)
  const signature = pushSignature(token, timestamp, nonce)
  return ctx.app.inject({
    method: 'POST',
    url: `/api/wechat.push/mp?signature=${signature}&timestamp=${timestamp}&nonce=${nonce}`,
    payload: body
  })
}
const verdict = (traceId: string, suggest: 'pass' | 'risky') =>
  push({
    ToUserName: 'gh_x',
    FromUserName: 'o_sys',
    CreateTime: Date.now(),
    MsgType: 'event',
    Event: 'wxa_media_check',
    appid: 'wxmp',
    trace_id: traceId,
    version: 2,
    errcode: 0,
    result: { suggest, label: suggest === 'risky' ? 20002 : 100 }
  })

test('text WeChat calls risky is refused with a clear message and nothing is stored', async () => {
  const u = await mpUser('risky')
  const r = await publish(u.token, { content: `这段正文里藏着${fakeWechatConstants.RISKY_MARKER}，应当被拒绝。` })
  expect(r).toMatchObject({ code: 0, msg: REFUSED })
  expect(await articlesOf(u.userId)).toEqual([])
  // msgSecCheck v2 with the user's mini-program openid and the forum scene, under the shared access token.
  expect(fake.textChecks.at(-1)).toMatchObject({
    version: 2,
    openid: 'o_mp-user-risky',
    scene: 3,
    title: '我的排盘心得'
  })
})

test('a listed word is refused by the local list, however it is spaced, before WeChat is asked', async () => {
  const u = await mpUser('words')
  const asked = fake.textChecks.length
  expect(await publish(u.token, { content: '今晚一起来玩 六 合·彩，稳赚不赔的那种。' })).toMatchObject({
    code: 0,
    msg: REFUSED
  })
  expect(fake.textChecks.length).toBe(asked)
  expect(await call(ctx.app, 'POST', '/api/user.user/updateInfo', { nickname: '约炮达人' }, u.token)).toMatchObject({
    code: 0,
    msg: '昵称含有违规信息，请修改后再提交'
  })
  expect(await articlesOf(u.userId)).toEqual([])
})

test("the operator's own word file applies at once, without a restart", async () => {
  const u = await mpUser('operator-words')
  const text = '这里有一个运营刚刚拉黑的词：神仙水，写满十个字。'
  expect((await publish(u.token, { content: text })).code).toBe(1)
  fs.writeFileSync(wordsFile, '# 运营自己加的词\n神仙水\n')
  // A later modification time than the first read, on any file system's clock resolution.
  const later = new Date(Date.now() + 5_000)
  fs.utimesSync(wordsFile, later, later)
  expect(await publish(u.token, { content: text })).toMatchObject({ code: 0, msg: REFUSED })
})

test('clean text from a mini-program user and from a web (SMS) user is stored', async () => {
  const u = await mpUser('clean')
  const r = await publish(u.token, { content: '今天学习了十神的生克关系，收获很多。' })
  expect(r.code).toBe(1)
  expect(await articlesOf(u.userId)).toHaveLength(1)
  const nick = await call(ctx.app, 'POST', '/api/user.user/updateInfo', { nickname: '清风明月' }, u.token)
  expect(nick.data.user.nickname).toBe('清风明月')
  expect(fake.textChecks.at(-1)).toMatchObject({ scene: 1, openid: 'o_mp-user-clean', nickname: '清风明月' })

  // A web user WeChat never saw cannot be checked by WeChat: the local list alone decides.
  const mobile = '13911112222'
  const code = (await call(ctx.app, 'POST', '/api/sms.index/send', { mobile, scene: 'login' })).data.debug_code
  const web = await call(ctx.app, 'POST', '/api/user.user/mobileLogin', { mobile, sms_code: code })
  const asked = fake.textChecks.length
  expect((await publish(web.data.token, { content: '网页上写的一篇正常文章，讲讲八字入门。' })).code).toBe(1)
  expect(fake.textChecks.length).toBe(asked)
})

test('with WeChat out of reach the write is refused with a retry message, never let through', async () => {
  const u = await mpUser('offline')
  fake.contentSecurityDown = true
  try {
    expect(await publish(u.token, { content: '一篇内容正常的文章，但微信暂时连不上。' })).toMatchObject({
      code: 0,
      msg: UNAVAILABLE
    })
    expect(await call(ctx.app, 'POST', '/api/user.user/updateInfo', { nickname: '新名字' }, u.token)).toMatchObject({
      code: 0,
      msg: UNAVAILABLE
    })
  } finally {
    fake.contentSecurityDown = false
  }
  expect(await articlesOf(u.userId)).toEqual([])
  expect((await call(ctx.app, 'GET', '/api/user.user/detail', {}, u.token)).data.user.nickname).not.toBe('新名字')
})

test('a new avatar goes to mediaCheckAsync; a risky verdict pushed back restores the default avatar', async () => {
  const u = await mpUser('avatar')
  const pic = (await upload(ctx, u.token, 'file', 'a.png', PNG)).data.url as string
  const r = await call(ctx.app, 'POST', '/api/user.user/updateInfo', { avatar: pic }, u.token)
  expect(r.data.user.avatar).toBe(pic)
  const check = fake.mediaChecks.at(-1)!
  expect(check).toMatchObject({ openid: 'o_mp-user-avatar', scene: 1 })
  expect(check.mediaUrl.endsWith(pic.replace(/^https?:\/\/[^/]+/, ''))).toBe(true)

  // Only WeChat (the push token's signature) may deliver a verdict.
  expect(
    (await push({ Event: 'wxa_media_check', trace_id: check.traceId, result: { suggest: 'risky' } }, 'wrong-token'))
      .statusCode
  ).toBe(403)
  expect((await call(ctx.app, 'GET', '/api/user.user/detail', {}, u.token)).data.user.avatar).toBe(pic)

  const res = await verdict(check.traceId, 'risky')
  expect(res.statusCode).toBe(200)
  expect(res.body).toBe('success')
  expect((await call(ctx.app, 'GET', '/api/user.user/detail', {}, u.token)).data.user.avatar).toBe('')
  // The owner is told why, once.
  const notices = await call(ctx.app, 'POST', '/api/user.notice/unread', {}, u.token)
  expect(notices.data.list).toEqual(['您的头像未通过内容安全检查，已恢复为默认头像'])
  expect((await call(ctx.app, 'POST', '/api/user.notice/unread', {}, u.token)).data.list).toEqual([])
  // A repeated push changes nothing more.
  expect((await verdict(check.traceId, 'risky')).body).toBe('success')
})

test('a risky picture in an article takes the article down with the reason its author reads', async () => {
  const u = await mpUser('article-pic')
  const pic = (await upload(ctx, u.token, 'file', 'b.png', PNG)).data.url as string
  const r = await publish(u.token, { content: '配图的一篇文章，图片稍后由微信判定。', images: [pic] })
  expect(r.code).toBe(1)
  const check = fake.mediaChecks.at(-1)!
  expect(check).toMatchObject({ scene: 3 })
  await verdict(check.traceId, 'risky')
  const mine = await call(ctx.app, 'GET', '/api/article.Article/mine', {}, u.token)
  expect(mine.data.list[0]).toMatchObject({
    status: 'rejected',
    reject_reason: '文章中的图片未通过内容安全检查，文章已下架'
  })

  // A clean picture stays; an unknown trace is answered with a failure so WeChat pushes it again.
  const ok = await publish(u.token, { content: '另一篇配图文章，图片没有问题的那种。', images: [pic] })
  await verdict(fake.mediaChecks.at(-1)!.traceId, 'pass')
  const [row] = await ctx.database.db
    .select()
    .from(articles)
    .where(and(eq(articles.id, ok.data.article_id)))
  expect(row.status).toBe('pending')
  expect((await verdict('never-sent', 'risky')).statusCode).toBe(503)
})

test("WeChat's address check of the push URL is answered only with the right signature", async () => {
  const timestamp = String(Math.floor(Date.now() / 1000))
  const good = await ctx.app.inject({
    method: 'GET',
    url:
      `/api/wechat.push/mp?signature=${pushSignature(PUSH_TOKEN, timestamp, 'x')}&timestamp=${timestamp}&nonc` +
      `e=x&echostr=hello`
  })
  expect(good.body).toBe('hello')
  const bad = await ctx.app.inject({
    method: 'GET',
    url:
      `/api/wechat.push/mp?signature=${pushSignature('other', timestamp, 'x')}&timestamp=${timestamp}&nonce=x` +
      `&echostr=hello`
  })
  expect(bad.statusCode).toBe(403)
})
