import './helpers/native-modules'

import { eq } from 'drizzle-orm'

import { MSG_NOT_OWNER } from '../../server/core/envelope'
import { baziReports } from '../../server/db/schema'
import { startFakeAi } from './helpers/fake-ai'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'

/** The paid report with an AI provider: the model writes the sections from the computed facts. */
const WRITTEN = [
  '【格局与用神】\n月令巳火，七杀格。\n身弱，用印化杀。',
  '\n【六亲】\n父缘厚。',
  '\n【事业】\n宜金融。\n【财运】\n财来财去。',
  '\n【婚姻】\n晚婚为宜。\n【健康】\n注意心血管。'
]
let failNext = false
let fake: Awaited<ReturnType<typeof startFakeAi>>
let ctx: TestContext
let a: { userId: number; token: string }
let b: { userId: number; token: string }

beforeAll(async () => {
  fake = await startFakeAi(async () => {
    if (failNext) {
      failNext = false
      return { status: 500, message: 'model overloaded' }
    }
    return WRITTEN
  })
  ctx = await createTestContext(fake.env())
  a = await login(ctx.app, '买家')
  b = await login(ctx.app, '旁人')
})
afterAll(async () => {
  await ctx.close()
  await fake.close()
})

// 1990-05-15 14:30 male: 庚午 辛巳 庚辰 癸未 (香港天文台《1990年公历与农历对照表》)
const BIRTH_1990 = { gender: 'male', date: '1990-05-15 14:30' }
const detail = (id: number, token = a.token) => call(ctx.app, 'GET', '/api/tools.report/detail', { id }, token)
async function buyReport(name: string): Promise<number> {
  const rec = (await call(ctx.app, 'POST', '/api/tools.index/saveBazi', { name, ...BIRTH_1990 }, a.token)).data
  const pay = await call(ctx.app, 'POST', '/api/tools.index/pay', { record_id: rec.id }, a.token)
  await call(ctx.app, 'POST', '/api/pay.sandbox/confirm', { out_trade_no: pay.data.pay.out_trade_no }, a.token)
  return pay.data.report_id
}
async function until(id: number, status: string) {
  for (let i = 0; i < 100; i++) {
    const r = await detail(id)
    if (r.data.narrative.status === status) return r.data
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`the report's narrative never became ${status}`)
}

it('writes the sections from the computed chart, 格局, 用神 and luck table, and keeps the computed report', async () => {
  const id = await buyReport('详批')
  const [paid] = await ctx.database.db.select().from(baziReports).where(eq(baziReports.id, id))
  expect(paid.narrativeStatus).toBe('queued')
  const before = fake.requests.length

  // Opened: the model starts (once, though the page asks twice at once), and its sections arrive.
  const [first, second] = await Promise.all([detail(id), detail(id)])
  expect([first.data.narrative.status, second.data.narrative.status]).toContain('streaming')
  const done = await until(id, 'done')
  expect(fake.requests.length - before).toBe(1)
  expect(done.narrative.sections.map((s: any) => s.title)).toEqual([
    '格局与用神',
    '六亲',
    '事业',
    '财运',
    '婚姻',
    '健康'
  ])
  expect(done.narrative.sections[0]).toEqual({
    key: 'geju',
    title: '格局与用神',
    paragraphs: ['月令巳火，七杀格。', '身弱，用印化杀。']
  })
  expect(done.narrative.error).toBe('')

  // The model was given the engine's decisions as ground truth, not asked to compute them.
  const { messages } = fake.requests[fake.requests.length - 1].body
  const prompt = messages.map((m) => m.content).join('\n')
  expect(messages[0].content).toContain('不得自行重排、另取用神')
  expect(prompt).toContain('年柱：庚午')
  expect(prompt).toMatch(/格局：七杀格/)
  expect(prompt).toMatch(/用神（格局用神）/)
  for (const d of done.content.da_yun) expect(prompt).toContain(`${d.gan_zhi}大运 ${d.start_year}—${d.end_year}年`)
  for (const y of done.content.liu_nian) expect(prompt).toContain(`${y.year}年${y.gan_zhi}`)
  // The passages it may quote are there word for word.
  for (const q of done.content.sections[0].quotes) expect(prompt).toContain(q.text)
  // The computed report is untouched: the tables stay the engine's.
  expect(done.content.sections.map((s: any) => s.key)).toEqual([
    'geju',
    'liuqin',
    'career',
    'wealth',
    'marriage',
    'health'
  ])
  expect(done.content.sections[0].paragraphs.join('')).toMatch(/用神取法：格局用神/)
})

it('a failed model says why, keeps the computed report, and may be asked again by the owner only', async () => {
  failNext = true
  const id = await buyReport('重写')
  await detail(id)
  const failed = await until(id, 'failed')
  expect(failed.narrative.error).toBe('AI 服务返回错误 500: model overloaded')
  expect(failed.content.sections).toHaveLength(6)

  expect((await call(ctx.app, 'POST', '/api/tools.report/rewrite', { id }, b.token)).msg).toBe(MSG_NOT_OWNER)
  expect((await call(ctx.app, 'POST', '/api/tools.report/rewrite', { id })).code).toBe(-9999)
  const again = await call(ctx.app, 'POST', '/api/tools.report/rewrite', { id }, a.token)
  expect(again.code).toBe(1)
  expect(again.data.status).toBe('streaming')
  const done = await until(id, 'done')
  expect(done.narrative.sections).toHaveLength(6)
  // Written is written: asking again changes nothing and asks no model.
  const count = fake.requests.length
  expect((await call(ctx.app, 'POST', '/api/tools.report/rewrite', { id }, a.token)).data.status).toBe('done')
  expect(fake.requests.length).toBe(count)
})

it('a writer that went quiet (its process died) is started again when the report is opened', async () => {
  const id = await buyReport('中断')
  await ctx.database.db
    .update(baziReports)
    .set({
      narrativeStatus: 'streaming',
      narrative: '【格局与用神】\n半句',
      narrativeAt: new Date(Date.now() - 10 * 60_000)
    })
    .where(eq(baziReports.id, id))
  const before = fake.requests.length
  await detail(id)
  const done = await until(id, 'done')
  expect(fake.requests.length - before).toBe(1)
  expect(done.narrative.sections[0].paragraphs).toEqual(['月令巳火，七杀格。', '身弱，用印化杀。'])
})
