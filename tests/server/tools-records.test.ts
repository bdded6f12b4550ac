import './helpers/native-modules'

import { eq } from 'drizzle-orm'

import { MSG_NOT_OWNER } from '../../server/core/envelope'
import { baziRecords } from '../../server/db/schema'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'

let ctx: TestContext
let a: { userId: number; token: string }
let b: { userId: number; token: string }

beforeAll(async () => {
  ctx = await createTestContext()
  a = await login(ctx.app, '甲用户')
  b = await login(ctx.app, '乙用户')
})
afterAll(() => ctx.close())

// 1990-05-15 14:30 male, Beijing time: 庚午 辛巳 庚辰 癸未, 大运 from 壬午 forward (阳年男顺排)
// (香港天文台《1990年公历与农历对照表》: 1990-05-15 is 庚辰日, 立夏 05-06 后为辛巳月; 乙庚日未时为癸未)
const BIRTH_1990 = { gender: 'male', date: '1990-05-15 14:30', calendar: 'solar' }
const save = (token: string, body: Record<string, unknown>) =>
  call(ctx.app, 'POST', '/api/tools.index/saveBazi', body, token)
const count = async (userId: number) =>
  (await ctx.database.db.select().from(baziRecords).where(eq(baziRecords.userId, userId))).length

describe('saveBazi and baziList', () => {
  it('saves a birth with the server-computed pillars and lists only my records, newest first, paged', async () => {
    const saved = await save(a.token, { name: '张三', ...BIRTH_1990 })
    expect(saved.code).toBe(1)
    expect(saved.data.pillars).toEqual(['庚午', '辛巳', '庚辰', '癸未'])
    expect(saved.data.birth).toMatchObject({
      gender: 'male',
      date: '1990-05-15 14:30',
      calendar: 'solar',
      zi_hour: 'next-day',
      utc_offset: 8
    })
    await save(a.token, { name: '李四', gender: 'female', date: '1985-01-01 08:00' })
    await save(a.token, { name: '王五', gender: 'male', date: '2000-02-29 23:30', zi_hour: 'same-day' })
    await save(b.token, { name: '别人的', ...BIRTH_1990 })

    const page1 = await call(ctx.app, 'POST', '/api/tools.index/baziList', { page: 1, per_page: 2 }, a.token)
    expect(page1.code).toBe(1)
    expect(page1.data).toMatchObject({ total: 3, page: 1, per_page: 2, last_page: 2 })
    expect(page1.data.list.map((r: any) => r.name)).toEqual(['王五', '李四'])
    const page2 = await call(ctx.app, 'POST', '/api/tools.index/baziList', { page: 2, per_page: 2 }, a.token)
    expect(page2.data.list.map((r: any) => r.name)).toEqual(['张三'])
    const mine = await call(ctx.app, 'POST', '/api/tools.index/baziList', {}, b.token)
    expect(mine.data.list.map((r: any) => r.name)).toEqual(['别人的'])
  })

  it('saving the same chart under the same name again returns the record already kept', async () => {
    const c = await login(ctx.app, '重存用户')
    const first = await save(c.token, { name: '重存', ...BIRTH_1990, city: '北京', longitude: 116.4 })
    const again = await save(c.token, { name: '重存', ...BIRTH_1990, city: '北京', longitude: 116.4 })
    expect(again).toMatchObject({ code: 1, data: { id: first.data.id } })
    expect(await count(c.userId)).toBe(1)
    // another name or another birth is another record
    expect((await save(c.token, { name: '重存二', ...BIRTH_1990, city: '北京', longitude: 116.4 })).data.id).not.toBe(
      first.data.id
    )
    expect((await save(c.token, { name: '重存', ...BIRTH_1990 })).data.id).not.toBe(first.data.id)
    expect(await count(c.userId)).toBe(3)
  })

  it('saves a lunar leap-month birth and a place with true solar time', async () => {
    // 农历2020年闰四月初八 = 公历2020-05-30 (香港天文台《2020年公历与农历对照表》)
    const lunar = await save(a.token, {
      name: '闰月',
      gender: 'female',
      date: '2020-04-08 10:00',
      calendar: 'lunar',
      leap_month: true
    })
    expect(lunar.code).toBe(1)
    expect(lunar.data.birth.leap_month).toBe(true)
    const info = await call(ctx.app, 'POST', '/api/tools.index/getBaZiInfo', { record_id: lunar.data.id }, a.token)
    expect(info.data.chart.birth.clock).toBe('2020-05-30 10:00')
    // The birth comes back as saved, so the owner can share the chart without the record.
    expect(info.data.birth).toMatchObject({
      date: '2020-04-08 10:00',
      calendar: 'lunar',
      leap_month: true,
      gender: 'female'
    })
    const placed = await save(a.token, {
      name: '乌鲁木齐',
      gender: 'male',
      date: '1990-05-15 14:30',
      city: '乌鲁木齐',
      longitude: 87.6,
      true_solar_time: true
    })
    expect(placed.data.birth).toMatchObject({ city: '乌鲁木齐', longitude: 87.6, true_solar_time: true })
    await call(ctx.app, 'POST', '/api/tools.bazi/delete', { id: lunar.data.id }, a.token)
    await call(ctx.app, 'POST', '/api/tools.bazi/delete', { id: placed.data.id }, a.token)
  })

  it('refuses bad input naming the field, and writes nothing', async () => {
    const before = await count(a.userId)
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...BIRTH_1990 }, '姓名'],
      [{ name: '', ...BIRTH_1990 }, '姓名'],
      [{ name: 'x'.repeat(33), ...BIRTH_1990 }, '姓名'],
      [{ name: '甲', ...BIRTH_1990, gender: 'x' }, '性别'],
      [{ name: '甲', ...BIRTH_1990, date: '1990/05/15' }, '日期时间'],
      [{ name: '甲', ...BIRTH_1990, calendar: 'moon' }, '历法'],
      [{ name: '甲', ...BIRTH_1990, longitude: 200 }, '经度'],
      [{ name: '甲', ...BIRTH_1990, zi_hour: 'late' }, '子时规则'],
      [{ name: '甲', ...BIRTH_1990, true_solar_time: true }, '出生地']
    ]
    for (const [body, field] of cases) {
      const res = await save(a.token, body)
      expect(res.code).toBe(0)
      expect(res.msg).toContain(field)
    }
    // an impossible date reaches the engine, which names the problem
    const feb30 = await save(a.token, { name: '甲', ...BIRTH_1990, date: '1990-02-30 10:00' })
    expect(feb30.code).toBe(0)
    expect(feb30.msg).toMatch(/^出生信息有误/)
    // 2021 has no leap month (香港天文台《2021年公历与农历对照表》)
    const noLeap = await save(a.token, {
      name: '甲',
      ...BIRTH_1990,
      date: '2021-04-08 10:00',
      calendar: 'lunar',
      leap_month: true
    })
    expect(noLeap.code).toBe(0)
    expect(await count(a.userId)).toBe(before)
  })

  it('refuses a record beyond the per-user limit', async () => {
    const c = await login(ctx.app, '丙用户')
    const row = {
      userId: c.userId,
      name: '批量',
      gender: 'male' as const,
      calendar: 'solar' as const,
      birthDate: '1990-05-15 14:30',
      pillars: '庚午 辛巳 庚辰 癸未'
    }
    await ctx.database.db.insert(baziRecords).values(Array.from({ length: 500 }, () => row))
    const res = await save(c.token, { name: '第501个', ...BIRTH_1990 })
    expect(res).toMatchObject({ code: 0, msg: '档案最多保存 500 个，请先删除不用的档案' })
    expect(await count(c.userId)).toBe(500)
  })

  it('needs login', async () => {
    expect((await save('', { name: '甲', ...BIRTH_1990 })).code).toBe(-9999)
    expect((await call(ctx.app, 'POST', '/api/tools.index/baziList', {})).code).toBe(-9999)
  })
})

describe('rename, delete and the default record', () => {
  it('renames and deletes only my own records', async () => {
    const rec = (await save(a.token, { name: '旧名', ...BIRTH_1990 })).data
    const other = await call(ctx.app, 'POST', '/api/tools.bazi/rename', { id: rec.id, name: '改名' }, b.token)
    expect(other).toMatchObject({ code: 0, msg: MSG_NOT_OWNER })
    expect((await call(ctx.app, 'POST', '/api/tools.bazi/rename', { id: rec.id, name: '' }, a.token)).msg).toBe(
      '姓名不能为空'
    )
    const renamed = await call(ctx.app, 'POST', '/api/tools.bazi/rename', { id: rec.id, name: '新名' }, a.token)
    expect(renamed.data.name).toBe('新名')
    expect((await call(ctx.app, 'POST', '/api/tools.bazi/delete', { id: rec.id }, b.token)).code).toBe(0)
    expect((await call(ctx.app, 'POST', '/api/tools.bazi/delete', { id: 'abc' }, a.token)).msg).toBe('编号格式不正确')
    expect((await call(ctx.app, 'POST', '/api/tools.bazi/delete', { id: rec.id }, a.token)).code).toBe(1)
    expect((await call(ctx.app, 'POST', '/api/tools.bazi/delete', { id: rec.id }, a.token)).msg).toBe(
      '档案不存在或已删除'
    )
  })

  it('keeps exactly one default record even when set concurrently', async () => {
    const ids = [] as number[]
    for (const name of ['默认一', '默认二', '默认三']) ids.push((await save(a.token, { name, ...BIRTH_1990 })).data.id)
    const results = await Promise.all(
      ids.map((id) => call(ctx.app, 'POST', '/api/tools.bazi/setDefault', { id }, a.token))
    )
    expect(results.every((r) => r.code === 1)).toBe(true)
    const defaults = (await ctx.database.db.select().from(baziRecords).where(eq(baziRecords.userId, a.userId))).filter(
      (r) => r.isDefault
    )
    expect(defaults).toHaveLength(1)
    const got = await call(ctx.app, 'GET', '/api/tools.bazi/getDefault', {}, a.token)
    expect(got.data.record.id).toBe(defaults[0].id)
    expect((await call(ctx.app, 'POST', '/api/tools.bazi/setDefault', { id: ids[0] }, b.token)).code).toBe(0)
    expect((await call(ctx.app, 'GET', '/api/tools.bazi/getDefault', {}, b.token)).data.record).toBeNull()
  })
})

describe('the server chart, tips, book passages and qimen', () => {
  it('getBaZiInfo returns the engine pillars and 大运 for raw input', async () => {
    const res = await call(ctx.app, 'POST', '/api/tools.index/getBaZiInfo', { birth: BIRTH_1990 })
    expect(res.code).toBe(1)
    expect(res.data.pillars).toEqual(['庚午', '辛巳', '庚辰', '癸未'])
    // 大运 from the month pillar 辛巳 forward: 壬午 癸未 甲申 乙酉 ...
    expect(res.data.da_yun.slice(0, 4).map((d: any) => d.ganZhi)).toEqual(['壬午', '癸未', '甲申', '乙酉'])
  })

  it('getBaZiInfo for a record is its owner only; no source or a bad one is code 0', async () => {
    const rec = (await save(a.token, { name: '档案', ...BIRTH_1990 })).data
    const own = await call(ctx.app, 'POST', '/api/tools.index/getBaZiInfo', { record_id: rec.id }, a.token)
    expect(own.data).toMatchObject({ name: '档案', pillars: ['庚午', '辛巳', '庚辰', '癸未'] })
    expect((await call(ctx.app, 'POST', '/api/tools.index/getBaZiInfo', { record_id: rec.id }, b.token)).msg).toBe(
      MSG_NOT_OWNER
    )
    expect((await call(ctx.app, 'POST', '/api/tools.index/getBaZiInfo', { record_id: rec.id })).code).toBe(-9999)
    expect((await call(ctx.app, 'POST', '/api/tools.index/getBaZiInfo', {})).msg).toBe('请提供档案或出生信息')
    expect(
      (await call(ctx.app, 'POST', '/api/tools.index/getBaZiInfo', { birth: { ...BIRTH_1990, gender: '' } })).msg
    ).toBe('性别不能为空')
  })

  it('getBaziTips lists the tips from the database', async () => {
    const res = await call(ctx.app, 'GET', '/api/tools.index/getBaziTips')
    expect(res.code).toBe(1)
    expect(res.data.list.length).toBeGreaterThanOrEqual(5)
    expect(res.data.list.some((t: any) => t.content.includes('真太阳时'))).toBe(true)
  })

  it('getBaziBookInfo gives the 穷通宝鉴 entry of the day stem and month, and the 滴天髓 verse', async () => {
    const res = await call(ctx.app, 'POST', '/api/tools.index/getBaziBookInfo', { birth: BIRTH_1990 })
    expect(res.code).toBe(1)
    expect(res.data).toMatchObject({ day_master: '庚', month_branch: '巳' })
    const qt = res.data.list.find((p: any) => p.book === '穷通宝鉴')
    // 《穷通宝鉴》三夏庚金: 「四月庚金，长生于巳……但先壬水，方得中和……次取戊土，丙火佐之」 (调候用神表: 庚 巳月 壬戊丙丁)
    expect(qt).toMatchObject({ title: '四月庚金', source: 'text', yong_shen: ['壬', '戊', '丙', '丁'] })
    expect(qt.text.startsWith('四月庚金，长生于巳，巳内有戊。')).toBe(true)
    expect(qt.summary).toContain('壬水为尊')
    const dts = res.data.list.find((p: any) => p.book === '滴天髓')
    // 《滴天髓》天干论 庚金: 「庚金带煞，刚健为最」
    expect(dts.text.startsWith('庚金带煞，刚健为最')).toBe(true)
    expect(dts.source).toBe('text')
  })

  it('getQmdjPan returns the engine chart for a time and method, and names a bad field', async () => {
    const res = await call(ctx.app, 'POST', '/api/tools.index/getQmdjPan', {
      date: '2024-02-04 17:00',
      method: 'chaibu'
    })
    expect(res.code).toBe(1)
    expect(res.data.method).toBe('chaibu')
    expect(res.data.palaces).toHaveLength(9)
    // 2024-02-04 立春 16:27; 17:00 is 酉时 of 戊戌日 (香港天文台 2024 年历): 戊日酉时 = 辛酉
    expect(res.data.pillars).toMatchObject({ day: '戊戌', hour: '辛酉' })
    expect(res.data.term).toBe('立春')
    const now = await call(ctx.app, 'POST', '/api/tools.index/getQmdjPan', {})
    expect(now.code).toBe(1)
    expect((await call(ctx.app, 'POST', '/api/tools.index/getQmdjPan', { method: 'other' })).msg).toBe('方法不正确')
    expect((await call(ctx.app, 'POST', '/api/tools.index/getQmdjPan', { date: 'tomorrow' })).msg).toBe(
      '日期时间格式不正确'
    )
  })
})
