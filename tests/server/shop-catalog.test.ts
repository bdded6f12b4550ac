import './helpers/native-modules'

import fs from 'node:fs'
import path from 'node:path'

import { eq } from 'drizzle-orm'

import { MSG_NOT_OWNER } from '../../server/core/envelope'
import { homeItems, shopCategories, shopCoupons, shopGoods, shopSkus, shopUserCoupons } from '../../server/db/schema'
import { loadDemoData } from '../../server/seed'
import { seedGoods, SHOP_GOODS } from '../../server/seed/shop'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'

// Catalog, search, favorites, coupons, addresses and regions.

let ctx: TestContext
let a: { userId: number; token: string }
let b: { userId: number; token: string }
let top: number
let child: number
let goods: { cheap: number; dear: number; old: number; hidden: number }

const get = (url: string, params: Record<string, unknown> = {}, who?: { token: string }) =>
  call(ctx.app, 'GET', url, params, who?.token)
const post = (url: string, params: Record<string, unknown> = {}, who = a) =>
  call(ctx.app, 'POST', url, params, who.token)

beforeAll(async () => {
  ctx = await createTestContext()
  a = await login(ctx.app, '逛店甲')
  b = await login(ctx.app, '逛店乙')
  const db = ctx.database.db
  const [t] = await db.insert(shopCategories).values({ slug: 'test-cat-top', name: '测试大类', sort: 999 }).returning()
  const [c] = await db
    .insert(shopCategories)
    .values({ slug: 'test-cat-child', name: '测试小类', parentId: t.id })
    .returning()
  top = t.id
  child = c.id
  const make = (slug: string, name: string, categoryId: number, price: number, sales: number, daysAgo: number) =>
    db.transaction((tx) =>
      seedGoods(
        tx,
        {
          slug,
          category: 'test',
          name,
          subtitle: `${name}的副标题`,
          price,
          stock: 5,
          sales,
          daysAgo,
          intro: ['<b>好</b>货'],
          params: [['材质', '铜']]
        },
        categoryId
      )
    )
  goods = {
    cheap: await make('test-cheap', '测试铜钱_100%', child, 1000, 50, 1),
    dear: await make('test-dear', '测试罗盘', child, 90000, 10, 3),
    old: await make('test-old', '测试旧书', top, 5000, 300, 30),
    hidden: await make('test-hidden', '测试下架', child, 2000, 999, 0)
  }
  await db.update(shopGoods).set({ onShelf: false }).where(eq(shopGoods.id, goods.hidden))
})

afterAll(async () => {
  await ctx.close()
})

describe('catalog', () => {
  test('seeded shop: 40+ goods in categories, SKUs, images on disk, home section; reseeding adds nothing', async () => {
    expect(SHOP_GOODS.length).toBeGreaterThanOrEqual(40)
    const cats = (await get('/api/product.category/lists')).data.list
    expect(cats.length).toBeGreaterThanOrEqual(6)
    expect(cats.every((c: any) => c.children.every((k: any) => k.children.length === 0))).toBe(true)
    expect(cats.find((c: any) => c.category_id === top).children.map((k: any) => k.category_id)).toEqual([child])
    const all = await get('/api/product.product/lists', { per_page: 50 })
    expect(all.data.total).toBeGreaterThanOrEqual(40 + 3)
    expect(SHOP_GOODS.filter((g) => (g.skus?.length ?? 0) > 1).length).toBeGreaterThanOrEqual(5)
    const staticRoot = path.join(__dirname, '../../server/static/demo')
    for (const item of all.data.list) {
      const local = new URL(item.image).pathname.replace('/static/demo/', '')
      if (!item.name.startsWith('测试')) expect(fs.existsSync(path.join(staticRoot, local))).toBe(true)
    }
    const picks = await ctx.database.db.select().from(homeItems).where(eq(homeItems.sectionKey, 'shop'))
    expect(picks.length).toBeGreaterThanOrEqual(4)
    expect(picks.every((p) => /^\/goods\/pages\/goods\/goods\?goods_id=\d+$/.test(p.url))).toBe(true)
    const before = (await ctx.database.db.select().from(shopSkus)).length
    expect(await loadDemoData(ctx.database.db)).toBe('already-decided')
    expect((await ctx.database.db.select().from(shopSkus)).length).toBe(before)
  })

  test('list: category (a top one includes its children), sorts, keyword with literal wildcards, paging', async () => {
    const ids = async (params: Record<string, unknown>) =>
      (await get('/api/product.product/lists', params)).data.list.map((g: any) => g.goods_id)
    expect(await ids({ category_id: top, sort: 'sales' })).toEqual([goods.old, goods.cheap, goods.dear])
    expect(await ids({ category_id: child, sort: 'price_asc' })).toEqual([goods.cheap, goods.dear])
    expect(await ids({ category_id: top, sort: 'price_desc' })).toEqual([goods.dear, goods.old, goods.cheap])
    expect(await ids({ category_id: top, sort: 'newest' })).toEqual([goods.cheap, goods.dear, goods.old])
    expect(await ids({ keyword: '_100%' })).toEqual([goods.cheap])
    expect(await ids({ keyword: '100_' })).toEqual([])
    expect(await ids({ keyword: '测试下架' })).toEqual([])
    const page2 = (await get('/api/product.product/lists', { category_id: top, page: 2, per_page: 2, sort: 'sales' }))
      .data
    expect(page2).toMatchObject({ total: 3, page: 2, per_page: 2, last_page: 2 })
    expect(page2.list.map((g: any) => g.goods_id)).toEqual([goods.dear])
    const item = (await get('/api/product.product/lists', { category_id: child, sort: 'price_asc' })).data.list[0]
    expect(item).toMatchObject({ price_min: 1000, price_max: 1000, sales: 50, stock: 5 })
    expect(item.image).toMatch(/^http:\/\/.+\/static\/demo\/shop\/goods\/test-cheap\.png$/)
    expect((await get('/api/product.product/lists', { sort: 'hot' })).msg).toBe('排序不正确')
    expect((await get('/api/product.product/lists', { per_page: 51 })).msg).toBe('每页条数最多 50 条')
    expect((await get('/api/product.product/lists', { keyword: 'x'.repeat(33) })).msg).toBe('搜索词不能超过 32 个字')
  })

  test('detail: gallery, sanitized content, SKU stock and availability; off-shelf goods cannot be bought', async () => {
    const zonghe = await ctx.database.db
      .select({ id: shopGoods.id })
      .from(shopGoods)
      .where(eq(shopGoods.slug, 'luopan-zonghe'))
    const d = (await get('/api/product.product/detail', { goods_id: zonghe[0].id })).data.detail
    expect(d.images.length).toBe(2)
    expect(d.specs).toEqual([{ name: '尺寸', values: ['6.2寸', '8.6寸', '10寸'] }])
    expect(d.skus.map((s: any) => [s.spec_text, s.price, s.available])).toEqual([
      ['6.2寸', 38800, true],
      ['8.6寸', 68800, true],
      ['10寸', 98800, false]
    ])
    expect(d).toMatchObject({ price_min: 38800, price_max: 98800, on_shelf: true, max_buy: 5, is_favorite: false })
    expect(d.content).not.toMatch(/<script|onerror/)
    expect(d.content).toMatch(/<img src="http:\/\/[^"]+\/static\/demo\/shop\/goods\/luopan-zonghe\.png"/)

    const hidden = (await get('/api/product.product/detail', { goods_id: goods.hidden })).data.detail
    expect(hidden.on_shelf).toBe(false)
    expect(hidden.skus.every((s: any) => !s.available && !s.on_shelf)).toBe(true)
    expect((await post('/api/order.cart/add', { sku_id: hidden.skus[0].sku_id })).msg).toBe('该商品已下架')
    expect((await get('/api/product.product/detail', { goods_id: 99999999 })).msg).toBe('商品不存在')
    expect((await get('/api/product.product/detail', {})).msg).toBe('商品不能为空')
  })

  test('hot search: pinned words first, then what people found', async () => {
    for (let i = 0; i < 3; i++) await get('/api/product.product/lists', { keyword: '测试罗盘' })
    await get('/api/product.product/lists', { keyword: '找不到的东西' })
    const hot = (await get('/api/product.search/hot')).data.list
    expect(hot.slice(0, 3)).toEqual(['罗盘', '小叶紫檀', '沉香'])
    expect(hot).toContain('测试罗盘')
    expect(hot).not.toContain('找不到的东西')
  })
})

describe('favorites', () => {
  test('add, list, delete; idempotent; each user has their own', async () => {
    expect((await post('/api/user.favorite/add', { goods_id: goods.dear })).data).toEqual({ is_favorite: true })
    expect((await post('/api/user.favorite/add', { goods_id: goods.dear })).code).toBe(1)
    await post('/api/user.favorite/add', { goods_id: goods.hidden })
    const list = (await get('/api/user.favorite/lists', {}, a)).data
    expect(list.total).toBe(2)
    expect(list.list.find((f: any) => f.goods_id === goods.hidden).on_shelf).toBe(false)
    expect((await get('/api/product.product/detail', { goods_id: goods.dear }, a)).data.detail.is_favorite).toBe(true)
    expect((await get('/api/product.product/detail', { goods_id: goods.dear }, b)).data.detail.is_favorite).toBe(false)
    expect((await get('/api/user.favorite/lists', {}, b)).data.total).toBe(0)
    await post('/api/user.favorite/delete', { goods_id: goods.dear }, b)
    expect((await get('/api/user.favorite/lists', {}, a)).data.total).toBe(2)
    expect((await post('/api/user.favorite/delete', { goods_id: goods.dear })).data).toEqual({ is_favorite: false })
    expect((await get('/api/user.favorite/lists', {}, a)).data.total).toBe(1)
    expect((await post('/api/user.favorite/add', { goods_id: 99999999 })).msg).toBe('商品不存在')
    expect((await post('/api/user.favorite/add', { goods_id: -1 })).msg).toBe('商品不正确')
    expect((await call(ctx.app, 'GET', '/api/user.favorite/lists')).code).toBe(-9999)
  })
})

describe('coupons', () => {
  test('centre, detail, claim, my coupons by status', async () => {
    const db = ctx.database.db
    const now = Date.now()
    const [c] = await db
      .insert(shopCoupons)
      .values({
        slug: 'test-centre',
        name: '测试满减',
        type: 'amount',
        amount: 2000,
        minSpend: 15000,
        scope: 'category',
        scopeIds: [top],
        startAt: new Date(now - 60_000),
        endAt: new Date(now + 86_400_000),
        total: 2,
        perUserLimit: 1,
        description: '第一行\n第二行'
      })
      .returning()
    const [future] = await db
      .insert(shopCoupons)
      .values({
        slug: 'test-future',
        name: '未开始',
        type: 'discount',
        discount: 85,
        minSpend: 0,
        startAt: new Date(now + 86_400_000),
        endAt: new Date(now + 2 * 86_400_000),
        total: 5,
        perUserLimit: 1
      })
      .returning()

    const centre = (await get('/api/coupon.coupon/lists', { per_page: 50 }, a)).data.list
    const mine = centre.find((x: any) => x.coupon_id === c.id)
    expect(mine).toMatchObject({
      title: '满150减20',
      scope: 'category',
      scope_text: '限测试大类类商品',
      remaining: 2,
      received: 0,
      can_receive: true,
      min_spend: 15000,
      amount: 2000
    })
    expect(centre.map((x: any) => x.coupon_id)).not.toContain(future.id)
    const welcome = centre.find((x: any) => x.name === '新人见面礼')
    expect(welcome).toMatchObject({ title: '无门槛减10', valid_days: 7 })

    const detail = (await get('/api/coupon.coupon/detail', { coupon_id: c.id })).data.detail
    expect(detail.description).toEqual(['第一行', '第二行'])
    expect(detail.goods.map((g: any) => g.goods_id).sort()).toEqual([goods.cheap, goods.dear, goods.old].sort())

    const claimed = await post('/api/user.coupon/receive', { coupon_id: c.id })
    expect(claimed.data.coupon).toMatchObject({ coupon_id: c.id, status: 'unused', order_id: 0, used_at: '' })
    expect((await post('/api/user.coupon/receive', { coupon_id: c.id })).msg).toBe('每人限领 1 张')
    expect((await post('/api/user.coupon/receive', { coupon_id: future.id })).msg).toBe('优惠券尚未开始领取')
    expect(
      (await get('/api/coupon.coupon/lists', { per_page: 50 }, a)).data.list.find((x: any) => x.coupon_id === c.id)
    ).toMatchObject({ received: 1, can_receive: false, remaining: 1 })
    await post('/api/user.coupon/receive', { coupon_id: c.id }, b)
    const third = await login(ctx.app, '晚到者')
    expect((await post('/api/user.coupon/receive', { coupon_id: c.id }, third)).msg).toBe('优惠券已被领完')

    // Expired: its window closes.
    const w = await post('/api/user.coupon/receive', { coupon_id: welcome.coupon_id })
    await db
      .update(shopUserCoupons)
      .set({ expireAt: new Date(now - 1000) })
      .where(eq(shopUserCoupons.id, w.data.coupon.user_coupon_id))
    const unused = (await get('/api/user.coupon/lists', { status: 'unused' }, a)).data
    expect(unused.list.map((x: any) => x.coupon_id)).toEqual([c.id])
    const expired = (await get('/api/user.coupon/lists', { status: 'expired' }, a)).data
    expect(expired.list).toEqual([expect.objectContaining({ coupon_id: welcome.coupon_id, status: 'expired' })])
    expect((await get('/api/user.coupon/lists', { status: 'used' }, a)).data.total).toBe(0)
    expect(
      (await get('/api/user.coupon/lists', { status: 'unused' }, b)).data.list.map((x: any) => x.coupon_id)
    ).toEqual([c.id])
    expect((await get('/api/user.coupon/lists', { status: 'gone' }, a)).msg).toBe('状态不正确')
    expect((await post('/api/user.coupon/receive', { coupon_id: 'abc' })).msg).toBe('优惠券格式不正确')
    expect((await get('/api/coupon.coupon/detail', { coupon_id: 99999999 })).msg).toBe('优惠券不存在')
  })
})

describe('addresses and regions', () => {
  const valid = {
    name: '王小明',
    mobile: '13712345678',
    province_code: '440000',
    city_code: '440300',
    district_code: '440305',
    detail: '科技园南区 1 栋 101'
  }

  test('region tree: 31 provinces with cities and districts, municipalities flattened', async () => {
    const res = await get('/api/region.region/tree')
    const tree = res.data.list
    // 31 provincial-level divisions of the mainland (国家统计局 统计用区划代码 2022).
    expect(tree).toHaveLength(31)
    const gd = tree.find((p: any) => p.code === '440000')
    expect(gd.name).toBe('广东省')
    // 广东省 has 21 prefecture-level cities (same source).
    expect(gd.children).toHaveLength(21)
    expect(gd.children.find((c: any) => c.code === '441900')).toMatchObject({ name: '东莞市', children: [] })
    expect(tree[0].children).toEqual([expect.objectContaining({ code: '110100', name: '北京市' })])
    // 北京市 has 16 districts.
    expect(tree[0].children[0].children).toHaveLength(16)
    expect(res.data.version).toMatch(/^[0-9a-f]{12}$/)
  })

  test('add, list, detail, edit, set default, delete; first is default; own data only', async () => {
    const who = await login(ctx.app, '收货人')
    const first = (await post('/api/user.address/add', valid, who)).data.detail
    expect(first).toMatchObject({
      is_default: true,
      province: '广东省',
      city: '深圳市',
      district: '南山区',
      full_address: '广东省深圳市南山区科技园南区 1 栋 101'
    })
    const second = (
      await post(
        '/api/user.address/add',
        {
          ...valid,
          province_code: '441900'.slice(0, 2) + '0000',
          city_code: '441900',
          district_code: '',
          detail: '南城街道鸿福路 1 号'
        },
        who
      )
    ).data.detail
    expect(second).toMatchObject({ is_default: false, city: '东莞市', district: '' })
    let list = (await get('/api/user.address/lists', {}, who)).data.list
    expect(list.map((x: any) => x.address_id)).toEqual([first.address_id, second.address_id])

    const def = (await post('/api/user.address/setDefault', { address_id: second.address_id }, who)).data.detail
    expect(def.is_default).toBe(true)
    list = (await get('/api/user.address/lists', {}, who)).data.list
    expect(list.map((x: any) => [x.address_id, x.is_default])).toEqual([
      [second.address_id, true],
      [first.address_id, false]
    ])
    const edited = (
      await post(
        '/api/user.address/edit',
        { ...valid, address_id: first.address_id, name: 'Anna Li', is_default: true },
        who
      )
    ).data.detail
    expect(edited).toMatchObject({ name: 'Anna Li', is_default: true })
    expect((await get('/api/user.address/detail', { address_id: second.address_id }, who)).data.detail.is_default).toBe(
      false
    )

    // Someone else can neither read, change nor delete it.
    expect((await get('/api/user.address/detail', { address_id: first.address_id }, b)).msg).toBe(MSG_NOT_OWNER)
    expect((await post('/api/user.address/edit', { ...valid, address_id: first.address_id }, b)).msg).toBe(
      MSG_NOT_OWNER
    )
    expect((await post('/api/user.address/delete', { address_id: first.address_id }, b)).msg).toBe(MSG_NOT_OWNER)
    expect((await post('/api/user.address/setDefault', { address_id: first.address_id }, b)).msg).toBe(MSG_NOT_OWNER)

    // Deleting the default hands it to the remaining address.
    expect((await post('/api/user.address/delete', { address_id: first.address_id }, who)).code).toBe(1)
    list = (await get('/api/user.address/lists', {}, who)).data.list
    expect(list).toEqual([expect.objectContaining({ address_id: second.address_id, is_default: true })])
  })

  test('name, mobile, region and detail are validated with clear messages, and nothing is written', async () => {
    const who = await login(ctx.app, '填错者')
    const msg = async (patch: Record<string, unknown>) =>
      (await post('/api/user.address/add', { ...valid, ...patch }, who)).msg
    expect(await msg({ name: '' })).toBe('收货人姓名至少 2 个字')
    expect(await msg({ name: '王' })).toBe('收货人姓名至少 2 个字')
    expect(await msg({ name: '王'.repeat(21) })).toBe('收货人姓名不能超过 20 个字')
    expect(await msg({ name: '王小明123' })).toBe('收货人姓名只能包含中文、英文字母和间隔号')
    expect(await msg({ name: undefined })).toBe('姓名不能为空')
    expect(await msg({ mobile: '' })).toBe('请填写手机号码')
    expect(await msg({ mobile: '12345678901' })).toBe('请填写正确的 11 位手机号码')
    expect(await msg({ mobile: '1381234567' })).toBe('请填写正确的 11 位手机号码')
    expect(await msg({ province_code: '' })).toBe('请选择所在地区')
    expect(await msg({ province_code: '990000' })).toBe('请选择正确的所在地区')
    expect(await msg({ city_code: '110100' })).toBe('请选择正确的所在地区')
    expect(await msg({ district_code: '' })).toBe('请选择正确的所在地区')
    expect(await msg({ district_code: '110105' })).toBe('请选择正确的所在地区')
    expect(await msg({ detail: '南山' })).toBe('详细地址至少 5 个字')
    expect((await get('/api/user.address/lists', {}, who)).data.list).toEqual([])
    expect((await get('/api/user.address/detail', { address_id: 'x' }, who)).msg).toBe('收货地址格式不正确')
  })
})
