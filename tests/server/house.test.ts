import './helpers/native-modules'

import { eq } from 'drizzle-orm'

import { MSG_NOT_OWNER } from '../../server/core/envelope'
import { divinationRecords, housePlans } from '../../server/db/schema'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'
import { PRIVATE_LINK, uploadPrivate } from './helpers/upload'

let ctx: TestContext
let a: { userId: number; token: string }
let b: { userId: number; token: string }
let fileA: number
let fileB: number

beforeAll(async () => {
  ctx = await createTestContext()
  a = await login(ctx.app, '宅主甲')
  b = await login(ctx.app, '宅主乙')
  fileA = (await uploadPrivate(ctx, a.token)).data.file_id
  fileB = (await uploadPrivate(ctx, b.token)).data.file_id
})
afterAll(() => ctx.close())

const post = (path: string, body: Record<string, unknown>, token?: string) =>
  call(ctx.app, 'POST', `/api/tools.house/${path}`, body, token)
const get = (path: string, q: Record<string, unknown>, token?: string) =>
  call(ctx.app, 'GET', `/api/tools.house/${path}`, q, token)
const housesOf = async (userId: number) =>
  ctx.database.db.select().from(housePlans).where(eq(housePlans.userId, userId))

describe('house plans', () => {
  it('needs login', async () => {
    expect((await post('add', { plan_type: 'floorplan', file_id: fileA })).code).toBe(-9999)
    expect((await get('lists', {})).code).toBe(-9999)
  })

  it('adds a plan with my uploaded image, fills it step by step, lists and reopens it', async () => {
    const added = await post('add', { plan_type: 'floorplan', file_id: fileA }, a.token)
    expect(added.code).toBe(1)
    expect(added.data).toMatchObject({
      title: '户型图 1',
      plan_type: 'floorplan',
      file_id: fileA,
      period: null,
      center_x: null,
      rotation: 180,
      mode: '9'
    })
    expect(added.data.image_url).toMatch(PRIVATE_LINK)
    const id = added.data.id

    const info = await post(
      'edit',
      { id, facing_degrees: 180, build_year: 2005, period: 8, owner_birth_year: 1990, owner_gender: 'male' },
      a.token
    )
    expect(info.data).toMatchObject({
      facing_degrees: 180,
      build_year: 2005,
      period: 8,
      owner_gender: 'male',
      center_x: null
    })
    const layout = await post(
      'edit',
      { id, center_x: 0.45, center_y: '0.55', rotation: 90, mode: '24', image_width: 800, image_height: 600 },
      a.token
    )
    expect(layout.data).toMatchObject({
      center_x: 0.45,
      center_y: 0.55,
      rotation: 90,
      mode: '24',
      period: 8,
      image_width: 800
    })

    const detail = await get('detail', { id }, a.token)
    expect(detail.data).toMatchObject({ id, period: 8, center_x: 0.45, rotation: 90 })
    const list = await get('lists', { page: 1, per_page: 10 }, a.token)
    expect(list.data).toMatchObject({ total: 1, page: 1, per_page: 10, last_page: 1 })
    expect(list.data.list[0].id).toBe(id)
  })

  it('refuses another user’s file, plan (saying whose it is), edit and delete, and lists only my own', async () => {
    expect(await post('add', { plan_type: 'sketch', file_id: fileB }, a.token)).toMatchObject({
      code: 0,
      msg: '户型图不存在，请重新上传'
    })
    const mine = await post('add', { plan_type: 'sketch', file_id: fileB, title: '乙的家' }, b.token)
    expect(mine.data.title).toBe('乙的家')
    const id = mine.data.id
    expect(await get('detail', { id }, a.token)).toMatchObject({ code: 0, msg: MSG_NOT_OWNER })
    expect(await post('edit', { id, period: 9 }, a.token)).toMatchObject({ code: 0, msg: MSG_NOT_OWNER })
    expect(await post('delete', { id }, a.token)).toMatchObject({ code: 0, msg: MSG_NOT_OWNER })
    expect(await post('edit', { id: (await housesOf(a.userId))[0].id, file_id: fileB }, a.token)).toMatchObject({
      code: 0,
      msg: '户型图不存在，请重新上传'
    })
    const [row] = await housesOf(b.userId)
    expect(row.period).toBeNull()
    expect((await get('lists', {}, b.token)).data.list.map((h: any) => h.title)).toEqual(['乙的家'])
    expect(await post('delete', { id }, b.token)).toMatchObject({ code: 1 })
    expect(await housesOf(b.userId)).toHaveLength(0)
  })

  it.each([
    ['add', { plan_type: 'blueprint', file_id: 1 }, '户型图类型'],
    ['add', { plan_type: 'floorplan' }, '图片'],
    ['edit', { id: 1, period: 10 }, '元运'],
    ['edit', { id: 1, facing_degrees: 360 }, '朝向'],
    ['edit', { id: 1, facing_degrees: '东南' }, '朝向'],
    ['edit', { id: 1, center_x: 1.5 }, '中心位置'],
    ['edit', { id: 1, owner_gender: 'x' }, '宅主性别'],
    ['edit', { id: 1, owner_birth_year: 1800 }, '宅主出生年份'],
    ['edit', { id: 1, mode: '12' }, '方式'],
    ['edit', { period: 8 }, '编号']
  ])('%s with bad input %j names the field (%s) and writes nothing', async (path, body, field) => {
    const before = JSON.stringify(await housesOf(a.userId))
    const r = await post(path, body, a.token)
    expect(r.code).toBe(0)
    expect(r.msg).toContain(field)
    expect(JSON.stringify(await housesOf(a.userId))).toBe(before)
  })

  it('concurrent adds each get their own row and number', async () => {
    const before = (await housesOf(a.userId)).length
    const all = await Promise.all([1, 2, 3].map(() => post('add', { plan_type: 'photo', file_id: fileA }, a.token)))
    expect(all.every((r) => r.code === 1)).toBe(true)
    expect(new Set(all.map((r) => r.data.title)).size).toBe(3)
    expect(await housesOf(a.userId)).toHaveLength(before + 3)
  })
})

describe('divination history', () => {
  const cast = { question: '问工作', date: '2024-02-04 16:30', values: [7, 8, 9, 6, 7, 8], title: '地天泰 之 水山蹇' }
  const dpost = (path: string, body: Record<string, unknown>, token?: string) =>
    call(ctx.app, 'POST', `/api/tools.divination/${path}`, body, token)
  const rowsOf = async (userId: number) =>
    ctx.database.db.select().from(divinationRecords).where(eq(divinationRecords.userId, userId))

  it('saves a cast once even when sent twice at the same time, and lists only mine', async () => {
    expect((await dpost('save', cast)).code).toBe(-9999)
    const [x, y] = await Promise.all([dpost('save', cast, a.token), dpost('save', cast, a.token)])
    expect(x.code).toBe(1)
    expect(y.data.id).toBe(x.data.id)
    expect(x.data).toMatchObject({
      question: '问工作',
      date: '2024-02-04 16:30',
      values: [7, 8, 9, 6, 7, 8],
      title: cast.title
    })
    await dpost('save', { ...cast, question: '' }, b.token)
    const list = await call(ctx.app, 'GET', '/api/tools.divination/lists', {}, a.token)
    expect(list.data.total).toBe(1)
    expect(list.data.list[0].question).toBe('问工作')
  })

  it.each([
    [{ ...cast, values: [7, 8, 9] }, '卦爻'],
    [{ ...cast, values: [7, 8, 9, 6, 7, 5] }, '卦爻'],
    [{ ...cast, date: '2024/02/04' }, '日期时间'],
    [{ ...cast, title: '' }, '标题'],
    [{ ...cast, question: '问'.repeat(101) }, '所问之事']
  ])('bad input %j names %s and writes nothing', async (body, field) => {
    const before = (await rowsOf(a.userId)).length
    const r = await dpost('save', body, a.token)
    expect(r.code).toBe(0)
    expect(r.msg).toContain(field)
    expect(await rowsOf(a.userId)).toHaveLength(before)
  })

  it('deletes only my own record', async () => {
    const [mine] = await rowsOf(a.userId)
    expect(await dpost('delete', { id: mine.id }, b.token)).toMatchObject({ code: 0, msg: '记录不存在或已删除' })
    expect(await dpost('delete', { id: mine.id }, a.token)).toMatchObject({ code: 1 })
    expect(await rowsOf(a.userId)).toHaveLength(0)
  })
})
