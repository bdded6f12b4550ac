import './helpers/native-modules'

import { and, eq } from 'drizzle-orm'

import { MSG_NOT_OWNER } from '../../server/core/envelope'
import { baziReports, payments, toolProducts } from '../../server/db/schema'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'

let ctx: TestContext
let a: { userId: number; token: string }
let b: { userId: number; token: string }

beforeAll(async () => {
  ctx = await createTestContext()
  a = await login(ctx.app, '买家')
  b = await login(ctx.app, '旁人')
})
afterAll(() => ctx.close())

// 1990-05-15 14:30 male: 庚午 辛巳 庚辰 癸未, 大运 壬午 癸未 甲申 ... (香港天文台《1990年公历与农历对照表》; 阳年男顺排)
const BIRTH_1990 = { gender: 'male', date: '1990-05-15 14:30' }
const saveRecord = async (token: string, name = '张三') =>
  (await call(ctx.app, 'POST', '/api/tools.index/saveBazi', { name, ...BIRTH_1990 }, token)).data
const confirm = (token: string, outTradeNo: string) =>
  call(ctx.app, 'POST', '/api/pay.sandbox/confirm', { out_trade_no: outTradeNo }, token)

describe('the reading without an AI provider', () => {
  it('composes a rules reading from the engine chart with every section, the same every time', async () => {
    const first = await call(ctx.app, 'POST', '/api/tools.reading/start', { birth: BIRTH_1990 }, a.token)
    expect(first.code).toBe(1)
    expect(first.data).toMatchObject({ source: 'rules', status: 'done', pillars: ['庚午', '辛巳', '庚辰', '癸未'] })
    expect(first.data.sections.map((s: any) => s.key)).toEqual([
      'personality',
      'career',
      'wealth',
      'love',
      'health',
      'luck'
    ])
    for (const s of first.data.sections) expect(s.paragraphs.length).toBeGreaterThanOrEqual(3)
    const personality = first.data.sections[0].paragraphs.join('')
    expect(personality).toContain('日主庚金')
    expect(first.data.sections[5].paragraphs.join('')).toMatch(/大运/)
    const again = await call(ctx.app, 'POST', '/api/tools.reading/start', { birth: BIRTH_1990 }, a.token)
    expect(again.data.sections).toEqual(first.data.sections)
    const detail = await call(ctx.app, 'GET', '/api/tools.reading/detail', { id: first.data.id }, a.token)
    expect(detail.data.sections).toEqual(first.data.sections)
  })

  it('is for its owner only, needs login, and names a bad field', async () => {
    const mine = await call(ctx.app, 'POST', '/api/tools.reading/start', { birth: BIRTH_1990 }, a.token)
    expect((await call(ctx.app, 'GET', '/api/tools.reading/detail', { id: mine.data.id }, b.token)).msg).toBe(
      MSG_NOT_OWNER
    )
    expect((await call(ctx.app, 'POST', '/api/tools.reading/start', { birth: BIRTH_1990 })).code).toBe(-9999)
    expect(
      (await call(ctx.app, 'POST', '/api/tools.reading/start', { birth: { ...BIRTH_1990, date: '' } }, a.token)).msg
    ).toBe('日期时间不能为空')
    const rec = await saveRecord(a.token)
    expect((await call(ctx.app, 'POST', '/api/tools.reading/start', { record_id: rec.id }, b.token)).msg).toBe(
      MSG_NOT_OWNER
    )
  })
})

describe('the paid report', () => {
  it('shows the price from the database', async () => {
    const price = await call(ctx.app, 'GET', '/api/tools.report/price')
    const [row] = await ctx.database.db.select().from(toolProducts).where(eq(toolProducts.key, 'bazi_report'))
    expect(price.data.price_fen).toBe(row.priceFen)
    expect(price.data.title).toBe(row.title)
  })

  it('creates one report and one open payment even for concurrent clicks, and unlocks it once when paid', async () => {
    const rec = await saveRecord(a.token, '报告主')
    const clicks = await Promise.all(
      [1, 2, 3].map(() => call(ctx.app, 'POST', '/api/tools.index/pay', { record_id: rec.id }, a.token))
    )
    expect(clicks.every((c) => c.code === 1)).toBe(true)
    const tradeNos = new Set(clicks.map((c) => c.data.pay.out_trade_no))
    expect(tradeNos.size).toBe(1)
    expect(new Set(clicks.map((c) => c.data.report_id)).size).toBe(1)
    const [{ priceFen }] = await ctx.database.db.select().from(toolProducts).where(eq(toolProducts.key, 'bazi_report'))
    expect(clicks[0].data.pay).toMatchObject({ provider: 'sandbox', amount_fen: priceFen })
    const reportId = clicks[0].data.report_id
    const outTradeNo = clicks[0].data.pay.out_trade_no

    // not paid yet: not listed, not viewable
    expect((await call(ctx.app, 'GET', '/api/tools.report/lists', {}, a.token)).data.total).toBe(0)
    expect((await call(ctx.app, 'GET', '/api/tools.report/detail', { id: reportId }, a.token)).msg).toBe('报告尚未支付')
    // someone else cannot pay it
    expect((await confirm(b.token, outTradeNo)).code).toBe(0)

    const confirms = await Promise.all([confirm(a.token, outTradeNo), confirm(a.token, outTradeNo)])
    expect(confirms.every((c) => c.code === 1)).toBe(true)
    const [report] = await ctx.database.db.select().from(baziReports).where(eq(baziReports.id, reportId))
    expect(report.status).toBe('paid')
    const paidAt = report.paidAt

    // paying again is not needed: the endpoint says it is paid and creates no payment
    const again = await call(ctx.app, 'POST', '/api/tools.index/pay', { record_id: rec.id }, a.token)
    expect(again.data).toEqual({ report_id: reportId, paid: true })
    const reportPayments = await ctx.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.bizType, 'report'), eq(payments.bizId, reportId)))
    expect(reportPayments).toHaveLength(1)
    const [still] = await ctx.database.db.select().from(baziReports).where(eq(baziReports.id, reportId))
    expect(still.paidAt).toEqual(paidAt)

    const list = await call(ctx.app, 'GET', '/api/tools.report/lists', {}, a.token)
    expect(list.data.total).toBe(1)
    expect(list.data.list[0]).toMatchObject({
      id: reportId,
      name: '报告主',
      pillars: ['庚午', '辛巳', '庚辰', '癸未'],
      status: 'paid'
    })
    const detail = await call(ctx.app, 'GET', '/api/tools.report/detail', { id: reportId }, a.token)
    expect(detail.code).toBe(1)
    const content = detail.data.content
    expect(content.pillars).toEqual(['庚午', '辛巳', '庚辰', '癸未'])
    // a different product from the free reading: its own sections, none of its paragraphs repeated
    expect(content.sections.map((s: any) => s.title)).toEqual(['格局与用神', '六亲', '事业', '财运', '婚姻', '健康'])
    const free = await call(ctx.app, 'POST', '/api/tools.reading/start', { birth: BIRTH_1990 }, a.token)
    const freeParagraphs = new Set(free.data.sections.flatMap((s: any) => s.paragraphs))
    const reportParagraphs = [
      ...content.summary,
      ...content.sections.flatMap((s: any) => s.paragraphs),
      ...content.da_yun.flatMap((d: any) => d.paragraphs.slice(0, 1))
    ]
    expect(reportParagraphs.filter((p: string) => freeParagraphs.has(p))).toEqual([])
    expect(free.data.sections.map((s: any) => s.title)).not.toContain('格局与用神')
    // 格局与用神 with its reasoning and the book's words; 六亲 by 十神 and 宫位
    const geju = content.sections[0]
    expect(geju.paragraphs.join('')).toMatch(/格局：七杀格.+用神取法：格局用神/)
    expect(geju.quotes.map((q: any) => `${q.book}·${q.chapter}`)).toEqual([
      '子平真诠·论用神',
      '子平真诠·论偏官',
      '穷通宝鉴·论庚金 · 四月'
    ])
    expect(content.sections[1].paragraphs.join('')).toMatch(/父亲：以偏财（木）论/)
    // every 大运 judged against the chart's 喜忌, and the 流年 mark the 流月 that matter
    expect(content.da_yun.every((d: any) => ['大吉', '吉', '平', '欠佳', '不利'].includes(d.verdict))).toBe(true)
    expect(content.da_yun[0].paragraphs[0]).toMatch(/^天干壬：水为(喜用|忌神|闲神)；地支午：火为(喜用|忌神|闲神)。$/)
    expect(content.liu_nian.every((y: any) => Array.isArray(y.months) && y.verdict)).toBe(true)
    expect(content.liu_nian.flatMap((y: any) => y.months).length).toBeGreaterThan(10)
    expect(content.da_yun.slice(0, 3).map((d: any) => d.gan_zhi)).toEqual(['壬午', '癸未', '甲申'])
    expect(content.da_yun.every((d: any) => d.paragraphs.length >= 2)).toBe(true)
    expect(content.liu_nian).toHaveLength(10)
    expect(content.liu_nian[1].year).toBe(content.liu_nian[0].year + 1)
    // 2024 is 甲辰, 2025 乙巳, 2026 丙午 (香港天文台年历)
    const byYear = Object.fromEntries(content.liu_nian.map((y: any) => [y.year, y.gan_zhi]))
    if (byYear[2026]) expect(byYear[2026]).toBe('丙午')
    if (byYear[2027]) expect(byYear[2027]).toBe('丁未')

    expect((await call(ctx.app, 'GET', '/api/tools.report/detail', { id: reportId }, b.token)).msg).toBe(MSG_NOT_OWNER)
    expect((await call(ctx.app, 'GET', '/api/tools.report/lists', {}, b.token)).data.total).toBe(0)
    expect(
      (await call(ctx.app, 'GET', '/api/tools.report/byRecord', { record_id: rec.id }, a.token)).data.report.status
    ).toBe('paid')
    expect(
      (await call(ctx.app, 'GET', '/api/tools.report/byRecord', { record_id: rec.id }, b.token)).data.report
    ).toBeNull()

    // the report outlives its record
    await call(ctx.app, 'POST', '/api/tools.bazi/delete', { id: rec.id }, a.token)
    expect(
      (await call(ctx.app, 'GET', '/api/tools.report/detail', { id: reportId }, a.token)).data.content.pillars
    ).toEqual(['庚午', '辛巳', '庚辰', '癸未'])
  })

  it('starts a new payment when the open one was closed', async () => {
    const rec = await saveRecord(a.token, '关单')
    const first = await call(ctx.app, 'POST', '/api/tools.index/pay', { record_id: rec.id }, a.token)
    await call(ctx.app, 'POST', '/api/pay.sandbox/fail', { out_trade_no: first.data.pay.out_trade_no }, a.token)
    const second = await call(ctx.app, 'POST', '/api/tools.index/pay', { record_id: rec.id }, a.token)
    expect(second.code).toBe(1)
    expect(second.data.report_id).toBe(first.data.report_id)
    expect(second.data.pay.out_trade_no).not.toBe(first.data.pay.out_trade_no)
  })

  it("refuses someone else's record, a bad id and a visitor, creating nothing", async () => {
    const rec = await saveRecord(a.token, '他人')
    const before = (await ctx.database.db.select().from(payments)).length
    expect((await call(ctx.app, 'POST', '/api/tools.index/pay', { record_id: rec.id }, b.token)).msg).toBe(
      MSG_NOT_OWNER
    )
    expect((await call(ctx.app, 'POST', '/api/tools.index/pay', { record_id: 'x' }, a.token)).msg).toBe(
      '八字档案格式不正确'
    )
    expect((await call(ctx.app, 'POST', '/api/tools.index/pay', { record_id: rec.id })).code).toBe(-9999)
    expect((await ctx.database.db.select().from(payments)).length).toBe(before)
    expect((await call(ctx.app, 'GET', '/api/tools.report/detail', { id: 'x' }, a.token)).msg).toBe('编号格式不正确')
  })
})
