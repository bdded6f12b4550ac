import './helpers/native-modules'

import { and, count, desc, eq } from 'drizzle-orm'

import { sealMobile } from '../../server/core/sealed-columns'
import {
  adminAuditLogs,
  articles,
  certificateApplications,
  commissionRules,
  commissions,
  homeBanners,
  homeNotices,
  homeSections,
  membershipApplications,
  users,
  userTokens,
  walletSettings,
  wechatAccounts
} from '../../server/db/schema'
import { ensureInitialOwner } from '../../server/modules/admin/operators'
import { type AdminClient, adminLogin, paidShopOrder } from './helpers/admin'
import { call, createTestContext, login, simulatorOauthCode, type TestContext } from './helpers/test-app'

let ctx: TestContext
let owner: AdminClient
let operations: AdminClient
let finance: AdminClient
let content: AdminClient

async function operator(username: string, role: string): Promise<AdminClient> {
  expect((await owner.post('/operator/add', { username, password: 'Secret-Pine-123', role })).code).toBe(1)
  return (await adminLogin(ctx.app, username, 'Secret-Pine-123')).client!
}

async function auditRows(action: string) {
  return ctx.database.db
    .select()
    .from(adminAuditLogs)
    .where(eq(adminAuditLogs.action, action))
    .orderBy(desc(adminAuditLogs.id))
}

/** Every console endpoint refuses a visitor and an app user's token the same way. */
async function refusesOutsiders(method: 'GET' | 'POST', url: string, token: string) {
  const anonymous = await ctx.app.inject({ method, url: `/api/admin${url}` })
  expect(anonymous.json()).toMatchObject({ code: -9999 })
  const appUser = await ctx.app.inject({ method, url: `/api/admin${url}`, headers: { authorization: token } })
  expect(appUser.json()).toMatchObject({ code: -9999 })
}

const home = async () => (await call(ctx.app, 'GET', '/api/index/index')).data

beforeAll(async () => {
  ctx = await createTestContext()
  await ensureInitialOwner(ctx.database.db, 'Owner-pass-1')
  owner = (await adminLogin(ctx.app, 'admin', 'Owner-pass-1')).client!
  operations = await operator('ops1', 'operations')
  finance = await operator('fin1', 'finance')
  content = await operator('content1', 'content')
}, 180_000)

afterAll(() => ctx.close())

describe('users', () => {
  test('owner, operations only; find by nickname, mobile, id; detail: orders, referrer, referees, wallet', async () => {
    const parent = await login(ctx.app, '推荐人老张')
    const child = await login(ctx.app, '被推荐小李', parent.userId)
    await ctx.database.db
      .update(users)
      .set(sealMobile(ctx.app.services.dataCipher, '13912345678'))
      .where(eq(users.id, child.userId))
    const order = await paidShopOrder(ctx.app, ctx.database.db, child.token)

    await refusesOutsiders('GET', '/user/lists', child.token)
    expect(await finance.get('/user/lists')).toMatchObject({ code: 0, msg: '没有权限执行此操作' })
    expect((await content.get('/user/detail', { user_id: child.userId })).code).toBe(0)

    const byName = await operations.get('/user/lists', { keyword: '小李' })
    expect(byName.data.list.map((u: { user_id: number }) => u.user_id)).toEqual([child.userId])
    expect((await operations.get('/user/lists', { keyword: '13912345678' })).data.list[0].user_id).toBe(child.userId)
    // Numbers are sealed at rest, so a number is found whole, not by its last digits.
    expect(
      (await operations.get('/user/lists', { keyword: '5678' })).data.list.map((u: { user_id: number }) => u.user_id)
    ).not.toContain(child.userId)
    expect(
      (await operations.get('/user/lists', { keyword: String(parent.userId) })).data.list.map(
        (u: { user_id: number }) => u.user_id
      )
    ).toContain(parent.userId)

    const detail = (await operations.get('/user/detail', { user_id: child.userId })).data
    expect(detail.referrer).toMatchObject({ user_id: parent.userId, nickname: '推荐人老张' })
    expect(detail.orders.list.map((o: { order_no: string }) => o.order_no)).toEqual([order.order_no])
    expect(detail.sessions).toBe(1)
    const parentDetail = (await owner.get('/user/detail', { user_id: parent.userId })).data
    expect(parentDetail.referees.list.map((r: { user_id: number }) => r.user_id)).toEqual([child.userId])
    // The goods rule pays the referrer a frozen commission: it shows in the referrer's wallet and log.
    const [rule] = await ctx.database.db.select().from(commissionRules).where(eq(commissionRules.bizType, 'goods'))
    const [earned] = await ctx.database.db.select().from(commissions).where(eq(commissions.userId, parent.userId))
    expect(earned.rateBp).toBe(rule.level1Bp)
    expect(parentDetail.wallet.frozen_fen).toBe(earned.amountFen)
    expect(parentDetail.wallet_logs.list[0]).toMatchObject({
      type: 'commission',
      amount_fen: earned.amountFen,
      status: 'frozen'
    })
    expect(await owner.get('/user/detail', { user_id: 99999999 })).toMatchObject({ code: 0, msg: '用户不存在' })
  })

  test('disable (reason, fresh version): sessions end, app must log in, login says why; enable restores', async () => {
    const u = await login(ctx.app, '将被停用')
    const second = await login(ctx.app, '另一个用户')
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, u.userId))
    const version = row.updatedAt.toISOString()
    await refusesOutsiders('POST', '/user/disable', u.token)
    expect(
      await finance.post('/user/disable', { user_id: u.userId, updated_at: version, disabled: true, reason: '刷单' })
    ).toMatchObject({ code: 0, msg: '没有权限执行此操作' })
    expect(
      await operations.post('/user/disable', { user_id: u.userId, updated_at: version, disabled: true, reason: '' })
    ).toMatchObject({ code: 0, msg: '请填写停用原因' })
    expect(
      await operations.post('/user/disable', { user_id: 'abc', updated_at: version, disabled: true, reason: 'x' })
    ).toMatchObject({ code: 0, msg: '用户ID格式不正确' })
    expect(
      await operations.post('/user/disable', {
        user_id: u.userId,
        updated_at: new Date(0).toISOString(),
        disabled: true,
        reason: '刷单'
      })
    ).toMatchObject({
      code: 0,
      msg: '该记录已被他人修改，请刷新后再编辑'
    })
    expect((await call(ctx.app, 'GET', '/api/user.user/detail', {}, u.token)).code).toBe(1)

    const done = await operations.post('/user/disable', {
      user_id: u.userId,
      updated_at: version,
      disabled: true,
      reason: '刷单'
    })
    expect(done).toMatchObject({ code: 1, data: { disabled: true } })
    const [{ n }] = await ctx.database.db.select({ n: count() }).from(userTokens).where(eq(userTokens.userId, u.userId))
    expect(n).toBe(0)
    // The app clears its login on -9999 and starts a new one.
    expect(await call(ctx.app, 'GET', '/api/user.user/detail', {}, u.token)).toMatchObject({ code: -9999 })
    // Other users keep theirs.
    expect((await call(ctx.app, 'GET', '/api/user.user/detail', {}, second.token)).code).toBe(1)
    const [account] = await ctx.database.db.select().from(wechatAccounts).where(eq(wechatAccounts.userId, u.userId))
    const again = await call(ctx.app, 'POST', '/api/wechat.index/mpLogin', {
      code: await simulatorOauthCode(ctx.app, { openid: account.openid }),
      client: 'h5'
    })
    expect(again).toMatchObject({ code: 0, msg: '该账号已被停用，如有疑问请联系客服' })
    const [audit] = await auditRows('user.disable')
    expect(audit).toMatchObject({
      targetType: 'user',
      targetId: String(u.userId),
      before: { disabled: false },
      after: { disabled: true, reason: '刷单', sessions_ended: 1 }
    })
    expect(
      (await operations.get('/user/lists', { status: 'disabled' })).data.list.map((x: { user_id: number }) => x.user_id)
    ).toContain(u.userId)

    const latest = (await operations.get('/user/detail', { user_id: u.userId })).data
    expect(latest.sessions).toBe(0)
    expect(
      (
        await operations.post('/user/disable', {
          user_id: u.userId,
          updated_at: latest.updated_at,
          disabled: false,
          reason: ''
        })
      ).code
    ).toBe(1)
    const back = await call(ctx.app, 'POST', '/api/wechat.index/mpLogin', {
      code: await simulatorOauthCode(ctx.app, { openid: account.openid }),
      client: 'h5'
    })
    expect(back).toMatchObject({ code: 1, data: { user_id: u.userId } })
    expect((await auditRows('user.enable'))[0].after).toMatchObject({ disabled: false })
  })

  test('a token left over for a disabled account is refused with -1 (the app clears its storage)', async () => {
    const u = await login(ctx.app, '遗留令牌')
    await ctx.database.db.update(users).set({ status: 1 }).where(eq(users.id, u.userId))
    expect(await call(ctx.app, 'GET', '/api/user.user/detail', {}, u.token)).toMatchObject({ code: -1 })
  })
})

describe('wallet settings', () => {
  test('owner and finance only; rates 0–100% with two decimals; sum at most 100%; nothing half-written', async () => {
    const settings = await finance.get('/wallet/settings')
    expect(settings.code).toBe(1)
    const goods = settings.data.rules.find((r: { biz_type: string }) => r.biz_type === 'goods')
    await refusesOutsiders('POST', '/wallet/commissionRule', (await login(ctx.app, '钱包外人')).token)
    expect(await operations.get('/wallet/settings')).toMatchObject({ code: 0, msg: '没有权限执行此操作' })
    const base = {
      biz_type: 'goods',
      level1_percent: 12.5,
      level2_percent: 5,
      freeze_days: 10,
      updated_at: goods.updated_at
    }
    expect(await finance.post('/wallet/commissionRule', { ...base, level1_percent: 150 })).toMatchObject({
      code: 0,
      msg: '一级佣金比例最多 100'
    })
    expect(await finance.post('/wallet/commissionRule', { ...base, level2_percent: -1 })).toMatchObject({
      code: 0,
      msg: '二级佣金比例至少 0'
    })
    expect(await finance.post('/wallet/commissionRule', { ...base, level1_percent: 10.123 })).toMatchObject({
      code: 0,
      msg: '一级佣金比例最多两位小数'
    })
    expect(await finance.post('/wallet/commissionRule', { ...base, freeze_days: 400 })).toMatchObject({
      code: 0,
      msg: '冻结天数最多 365'
    })
    expect(
      await finance.post('/wallet/commissionRule', { ...base, level1_percent: 80, level2_percent: 30 })
    ).toMatchObject({ code: 0, msg: '一级与二级佣金比例之和不能超过 100%' })
    // Shorter than the 售后期 (7 days by default), commission could be withdrawn before a refund takes it back.
    expect(await finance.post('/wallet/commissionRule', { ...base, freeze_days: 0 })).toMatchObject({
      code: 0,
      msg: '冻结天数不能少于售后期 7 天（业务设置），否则买家退款时佣金可能已被提现'
    })
    const [unchanged] = await ctx.database.db.select().from(commissionRules).where(eq(commissionRules.bizType, 'goods'))
    expect(unchanged.updatedAt.toISOString()).toBe(goods.updated_at)

    const saved = await finance.post('/wallet/commissionRule', base)
    expect(saved).toMatchObject({ code: 1, data: { level1_percent: 12.5, level2_percent: 5, freeze_days: 10 } })
    const [row] = await ctx.database.db.select().from(commissionRules).where(eq(commissionRules.bizType, 'goods'))
    expect(row).toMatchObject({ level1Bp: 1250, level2Bp: 500, refundDays: 10 })
    // The page the operator loaded earlier is stale now.
    expect(await owner.post('/wallet/commissionRule', base)).toMatchObject({
      code: 0,
      msg: '该记录已被他人修改，请刷新后再编辑'
    })
    const history = await owner.get('/wallet/history')
    expect(history.data.list[0]).toMatchObject({
      operator_name: 'fin1',
      action: 'wallet.commissionRule',
      target_id: 'goods',
      before: {
        level1_percent: goods.level1_percent,
        level2_percent: goods.level2_percent,
        freeze_days: goods.freeze_days
      },
      after: { level1_percent: 12.5, level2_percent: 5, freeze_days: 10 }
    })

    // The new rate pays the next purchase.
    const parent = await login(ctx.app, '新比例推荐人')
    const child = await login(ctx.app, '新比例买家', parent.userId)
    await paidShopOrder(ctx.app, ctx.database.db, child.token)
    const [earned] = await ctx.database.db.select().from(commissions).where(eq(commissions.userId, parent.userId))
    expect(earned.rateBp).toBe(1250)
    expect(earned.releaseAt.getTime() - earned.createdAt.getTime()).toBeGreaterThan(9.9 * 86_400_000)
  })

  test('withdrawal rules: missing ones are set from the console; minimum above the daily limit refused', async () => {
    await ctx.database.db.delete(walletSettings)
    const u = await login(ctx.app, '提现用户')
    expect(
      (await call(ctx.app, 'POST', '/api/user.cash/apply', { amount_fen: 1000, real_name: '张三' }, u.token)).msg
    ).toBe('提现规则尚未设置，无法提现')
    expect((await finance.get('/wallet/settings')).data.withdraw).toBeNull()
    expect(
      await finance.post('/wallet/withdrawRule', { min_fen: 5000, daily_limit_fen: 1000, updated_at: '' })
    ).toMatchObject({ code: 0, msg: '单笔最低提现金额不能大于每日提现上限' })
    expect(
      await finance.post('/wallet/withdrawRule', { min_fen: 1, daily_limit_fen: 1000, updated_at: '' })
    ).toMatchObject({ code: 0, msg: '单笔最低提现金额至少 10' })
    expect(await ctx.database.db.select().from(walletSettings)).toEqual([])
    const saved = await finance.post('/wallet/withdrawRule', {
      min_fen: 2000,
      daily_limit_fen: 100_000,
      updated_at: ''
    })
    expect(saved).toMatchObject({ code: 1, data: { min_fen: 2000, daily_limit_fen: 100_000 } })
    expect(
      (await call(ctx.app, 'POST', '/api/user.cash/apply', { amount_fen: 1000, real_name: '张三' }, u.token)).msg
    ).not.toBe('提现规则尚未设置，无法提现')
    expect(
      await finance.post('/wallet/withdrawRule', { min_fen: 3000, daily_limit_fen: 100_000, updated_at: '' })
    ).toMatchObject({ code: 0, msg: '该记录已被他人修改，请刷新后再编辑' })
    const [audit] = await auditRows('wallet.withdrawRule')
    expect(audit).toMatchObject({ before: null, after: { min_fen: 2000, daily_limit_fen: 100_000 } })
  })

  test('commission ledger per user, filtered by status; finance and owner only', async () => {
    const parent = await login(ctx.app, '台账推荐人')
    const child = await login(ctx.app, '台账买家', parent.userId)
    await paidShopOrder(ctx.app, ctx.database.db, child.token)
    expect(await operations.get('/wallet/commissions')).toMatchObject({ code: 0, msg: '没有权限执行此操作' })
    const frozen = await finance.get('/wallet/commissions', { user: String(parent.userId), status: 'frozen' })
    expect(frozen.data.list).toHaveLength(1)
    expect(frozen.data.list[0]).toMatchObject({
      user_id: parent.userId,
      from_user_id: child.userId,
      from_nickname: '台账买家',
      level: 1,
      status: 'frozen'
    })
    expect(
      (await finance.get('/wallet/commissions', { user: String(parent.userId), status: 'available' })).data.total
    ).toBe(0)
    expect(await finance.get('/wallet/commissions', { status: 'paid' })).toMatchObject({
      code: 0,
      msg: '佣金状态不正确'
    })
  })
})

describe('home content', () => {
  test('operations adds banner and notice, at once on app home; finance cannot; bad link refused, no row', async () => {
    await home() // fills the home cache
    await refusesOutsiders('POST', '/home/banner/save', (await login(ctx.app, '首页外人')).token)
    expect(
      await finance.post('/home/banner/save', { title: '新春', image: '/static/banner/1.png', url: '' })
    ).toMatchObject({ code: 0, msg: '没有权限执行此操作' })
    const bad = await operations.post('/home/banner/save', {
      title: '坏链接',
      image: '/static/x.png',
      url: 'javascript:alert(1)'
    })
    expect(bad).toMatchObject({ code: 0, msg: '跳转链接应为 http(s) 网址或小程序内页面路径，如 /pages/course/index' })
    expect(await operations.post('/home/banner/save', { title: '', image: '/static/x.png' })).toMatchObject({
      code: 0,
      msg: '标题不能为空'
    })
    expect(await ctx.database.db.select().from(homeBanners).where(eq(homeBanners.title, '坏链接'))).toEqual([])

    const banner = await operations.post('/home/banner/save', {
      title: '新春课程',
      image: '/static/banner/spring.png',
      url: '/pages/course/index',
      sort: -1
    })
    expect(banner).toMatchObject({ code: 1, data: { title: '新春课程', visible: true } })
    expect((await home()).banners[0]).toMatchObject({
      title: '新春课程',
      url: '/pages/course/index',
      image: ctx.config.publicUrl + '/static/banner/spring.png'
    })
    const notice = await operations.post('/home/notice/save', { title: '春节期间发货时间调整', url: '' })
    expect((await home()).notices).toContainEqual({ id: notice.data.id, title: '春节期间发货时间调整', url: '' })

    // Hidden: gone from the app; an older version of the row is refused.
    const hidden = await operations.post('/home/notice/save', { ...notice.data, visible: false })
    expect(hidden.code).toBe(1)
    expect((await home()).notices.map((n: { id: number }) => n.id)).not.toContain(notice.data.id)
    expect(await owner.post('/home/notice/save', { ...notice.data, title: '改' })).toMatchObject({
      code: 0,
      msg: '该记录已被他人修改，请刷新后再编辑'
    })
    expect((await auditRows('home.notice.edit'))[0]).toMatchObject({
      targetType: 'home_notice',
      before: { visible: true },
      after: { visible: false }
    })

    expect(
      (await operations.post('/home/banner/delete', { id: banner.data.id, updated_at: banner.data.updated_at })).code
    ).toBe(1)
    expect((await home()).banners.map((b: { title: string }) => b.title)).not.toContain('新春课程')
    expect((await auditRows('home.banner.delete'))[0].before).toMatchObject({ title: '新春课程' })
    const [{ n }] = await ctx.database.db.select({ n: count() }).from(homeNotices)
    expect(n).toBe(1)
  })

  test('sections and their items: key fixed, unknown section refused, one with items cannot be deleted', async () => {
    const section = await operations.post('/home/section/save', {
      key: 'spring_picks',
      title: '春季精选',
      more_url: '/goods/pages/goods/list'
    })
    expect(section.code).toBe(1)
    expect(await operations.post('/home/section/save', { key: 'spring_picks', title: '重复' })).toMatchObject({
      code: 0,
      msg: '栏目标识 spring_picks 已存在'
    })
    expect(await operations.post('/home/section/save', { key: 'Bad Key', title: 'x' })).toMatchObject({
      code: 0,
      msg: '栏目标识应为 2-32 位小写字母、数字或下划线，字母开头'
    })
    expect(
      await operations.post('/home/item/save', { section_key: 'nope', title: '罗盘', url: '/pages/tools/compass' })
    ).toMatchObject({ code: 0, msg: '所属栏目不存在' })
    const item = await operations.post('/home/item/save', {
      section_key: 'spring_picks',
      title: '罗盘入门',
      subtitle: '三天学会',
      url: '/pages/tools/compass',
      price_fen: 9900,
      tag: '新品'
    })
    expect(item.code).toBe(1)
    const shown = (await home()).sections.find((s: { key: string }) => s.key === 'spring_picks')
    expect(shown).toMatchObject({ title: '春季精选', items: [{ title: '罗盘入门', price: 9900, tag: '新品' }] })
    expect(await operations.post('/home/section/save', { ...section.data, key: 'renamed' })).toMatchObject({
      code: 0,
      msg: '栏目标识创建后不能修改'
    })
    expect(
      await operations.post('/home/section/delete', { id: section.data.id, updated_at: section.data.updated_at })
    ).toMatchObject({
      code: 0,
      msg: '该栏目下还有 1 条推荐内容，请先删除或移到其他栏目'
    })
    expect((await ctx.database.db.select().from(homeSections).where(eq(homeSections.key, 'spring_picks'))).length).toBe(
      1
    )
    const items = await operations.get('/home/item/lists', { section_key: 'spring_picks' })
    expect(items.data.list.map((i: { title: string }) => i.title)).toEqual(['罗盘入门'])
  })
})

describe('dashboard', () => {
  test('pending reviews are counted from the database', async () => {
    const u = await login(ctx.app, '待审作者')
    await ctx.database.db
      .insert(articles)
      .values({ title: '待审文章', content: '<p>x</p>', userId: u.userId, status: 'pending' })
    const data = (await owner.get('/dashboard/overview')).data
    const [{ a }] = await ctx.database.db
      .select({ a: count() })
      .from(articles)
      .where(and(eq(articles.status, 'pending'), eq(articles.visible, true)))
    const [{ c }] = await ctx.database.db
      .select({ c: count() })
      .from(certificateApplications)
      .where(eq(certificateApplications.status, 'reviewing'))
    const [{ m }] = await ctx.database.db
      .select({ m: count() })
      .from(membershipApplications)
      .where(eq(membershipApplications.status, 'reviewing'))
    expect(a).toBeGreaterThan(0)
    expect(data.pending).toMatchObject({ articles: a, certificates: c, memberships: m })
  })
})

describe('reviews', () => {
  test('content and owner review articles: approve publishes once, reject needs a reason; not operations', async () => {
    const author = await login(ctx.app, '投稿作者')
    const [a] = await ctx.database.db
      .insert(articles)
      .values({ title: '我的八字心得', content: '<p>正文</p>', userId: author.userId, status: 'pending' })
      .returning()
    const [b] = await ctx.database.db
      .insert(articles)
      .values({ title: '广告软文', content: '<p>买</p>', userId: author.userId, status: 'pending' })
      .returning()
    await refusesOutsiders('GET', '/review/lists?type=article', author.token)
    expect(await operations.get('/review/lists', { type: 'article' })).toMatchObject({
      code: 0,
      msg: '没有权限执行此操作'
    })
    const pending = await content.get('/review/lists', { type: 'article' })
    expect(pending.data.list.map((r: { id: number }) => r.id)).toEqual(expect.arrayContaining([a.id, b.id]))
    expect(await content.get('/review/lists', { type: 'video' })).toMatchObject({ code: 0, msg: '审核类型不正确' })
    // Applications are decided only on their own screens (which refund a paid fee): this queue refuses them.
    for (const type of ['certificate', 'membership']) {
      expect(await content.get('/review/lists', { type })).toMatchObject({ code: 0, msg: '审核类型不正确' })
      expect(await content.post('/review/decide', { type, id: 1, approve: true, reason: '' })).toMatchObject({
        code: 0,
        msg: '审核类型不正确'
      })
    }
    expect((await content.get('/review/lists')).data.total).toBe(pending.data.total)

    expect(
      await content.post('/review/decide', { type: 'article', id: b.id, approve: false, reason: '' })
    ).toMatchObject({ code: 0, msg: '驳回时请填写原因' })
    expect((await content.post('/review/decide', { type: 'article', id: a.id, approve: true, reason: '' })).code).toBe(
      1
    )
    expect(
      await content.post('/review/decide', { type: 'article', id: a.id, approve: false, reason: '重复' })
    ).toMatchObject({ code: 0, msg: '该文章不存在或不在审核中' })
    expect(
      (await content.post('/review/decide', { type: 'article', id: b.id, approve: false, reason: '含广告' })).code
    ).toBe(1)
    const rows = await ctx.database.db.select().from(articles).where(eq(articles.userId, author.userId))
    expect(Object.fromEntries(rows.map((r) => [r.id, [r.status, r.rejectReason]]))).toEqual({
      [a.id]: ['published', ''],
      [b.id]: ['rejected', '含广告']
    })
    expect((await auditRows('review.reject'))[0]).toMatchObject({
      targetType: 'article',
      targetId: String(b.id),
      after: { status: 'rejected' }
    })
  })
})
