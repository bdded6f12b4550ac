import './helpers/native-modules'

import http from 'node:http'
import type { AddressInfo } from 'node:net'

import { eq } from 'drizzle-orm'

import { baziReadings } from '../../server/db/schema'
import { aiQuotaMessage } from '../../server/modules/reading/routes'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'

// A fake OpenAI-compatible provider: streams its answer as server-sent events, a piece at a time,
// holding the last piece until the test releases it (so a poll can see a partial answer).
const requests: Array<{ auth: string; body: any }> = []
let release: () => void = () => undefined
const gate = new Promise<void>((r) => (release = r))
const PIECES = [
  '【性格特点】\n日主庚金，刚毅果断。',
  '\n【事业发展】\n宜从事',
  '金融与机械。',
  '\n【大运流年】\n甲申大运有变动。'
]
const fake = http.createServer((req, res) => {
  let raw = ''
  req.on('data', (c) => (raw += c))
  req.on('end', async () => {
    const body = JSON.parse(raw)
    requests.push({ auth: String(req.headers.authorization), body })
    if (body.model === 'broken-model') {
      res
        .writeHead(500, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: 'model overloaded' } }))
      return
    }
    res.writeHead(200, { 'content-type': 'text/event-stream' })
    const send = (content: string) => res.write(`data: ${JSON.stringify({ choices: [{ delta: { content } }] })}\n\n`)
    for (const piece of PIECES.slice(0, -1)) {
      send(piece)
      await new Promise((r) => setTimeout(r, 450))
    }
    await gate
    send(PIECES[PIECES.length - 1])
    res.end('data: [DONE]\n\n')
  })
})

let ctx: TestContext
let user: { userId: number; token: string }
const aiEnv = (model: string) => ({
  AI_BASE_URL: `http://127.0.0.1:${(fake.address() as AddressInfo).port}/v1`,
  AI_API_KEY: 'sk-test-key',
  AI_MODEL: model
})

beforeAll(async () => {
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r))
  ctx = await createTestContext(aiEnv('test-model'))
  user = await login(ctx.app, '求测者')
})
afterAll(async () => {
  release()
  await ctx.close()
  await new Promise((r) => fake.close(r))
})

// 1990-05-15 14:30 male: 庚午 辛巳 庚辰 癸未 (香港天文台《1990年公历与农历对照表》)
const BIRTH_1990 = { gender: 'male', date: '1990-05-15 14:30' }
const poll = (id: number) => call(ctx.app, 'GET', '/api/tools.reading/detail', { id }, user.token)
async function until(id: number, test: (d: any) => boolean) {
  for (let i = 0; i < 100; i++) {
    const r = await poll(id)
    if (test(r.data)) return r.data
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error('reading never reached the expected state')
}

it('asks the provider with the engine chart and the book passages, and the text arrives while it streams', async () => {
  const start = await call(ctx.app, 'POST', '/api/tools.reading/start', { birth: BIRTH_1990 }, user.token)
  expect(start.code).toBe(1)
  expect(start.data).toMatchObject({ source: 'ai', status: 'streaming', pillars: ['庚午', '辛巳', '庚辰', '癸未'] })

  // a second tap while it streams returns the same reading instead of asking again
  const tap2 = await call(ctx.app, 'POST', '/api/tools.reading/start', { birth: BIRTH_1990 }, user.token)
  expect(tap2.data.id).toBe(start.data.id)

  const partial = await until(start.data.id, (d) => d.text.includes('金融与机械'))
  expect(partial.status).toBe('streaming')
  expect(partial.text).not.toContain('甲申大运')

  release()
  const done = await until(start.data.id, (d) => d.status === 'done')
  expect(done.text).toBe(PIECES.join(''))
  expect(done.pillars).toEqual(['庚午', '辛巳', '庚辰', '癸未'])
  expect(done.sections.map((s: any) => s.title)).toEqual(['性格特点', '事业发展', '大运流年'])
  expect(done.sections[1].paragraphs).toEqual(['宜从事金融与机械。'])

  expect(requests).toHaveLength(1)
  const { auth, body } = requests[0]
  expect(auth).toBe('Bearer sk-test-key')
  expect(body).toMatchObject({ model: 'test-model', stream: true })
  const prompt = body.messages.map((m: any) => m.content).join('\n')
  expect(prompt).toContain('年柱：庚午')
  expect(prompt).toContain('时柱：癸未')
  expect(prompt).toContain('穷通宝鉴')
  expect(prompt).toContain('庚金带煞，刚健为最')
})

it('marks the reading failed with the provider error', async () => {
  const other = await createTestContext(aiEnv('broken-model'), ctx.database)
  try {
    const res = await call(other.app, 'POST', '/api/tools.reading/start', { birth: BIRTH_1990 }, user.token)
    expect(res.data.status).toBe('streaming')
    let data: any
    for (let i = 0; i < 50; i++) {
      data = (await call(other.app, 'GET', '/api/tools.reading/detail', { id: res.data.id }, user.token)).data
      if (data.status !== 'streaming') break
      await new Promise((r) => setTimeout(r, 100))
    }
    expect(data.status).toBe('failed')
    expect(data.error).toBe('AI 服务返回错误 500: model overloaded')
  } finally {
    await other.close()
  }
})

it("with a daily limit, AI readings run out with a clear message; failed or yesterday's ones don't count", async () => {
  const limited = await createTestContext({ ...aiEnv('test-model'), AI_DAILY_LIMIT: '2' }, ctx.database)
  try {
    release()
    const reader = await login(limited.app, '每日限额')
    const start = (birth: object) => call(limited.app, 'POST', '/api/tools.reading/start', { birth }, reader.token)
    const finish = async (id: number) => {
      for (let i = 0; i < 600; i++) {
        const r = await call(limited.app, 'GET', '/api/tools.reading/detail', { id }, reader.token)
        if (r.data.status !== 'streaming') return r.data
        await new Promise((r) => setTimeout(r, 100))
      }
      throw new Error('reading never finished')
    }
    const first = await start(BIRTH_1990)
    expect((await finish(first.data.id)).status).toBe('done')
    const second = await start({ gender: 'female', date: '1985-03-02 08:00' })
    expect((await finish(second.data.id)).status).toBe('done')
    const asked = requests.length
    expect(await start({ gender: 'male', date: '2001-11-20 23:10' })).toMatchObject({ code: 0, msg: aiQuotaMessage(2) })
    expect(requests).toHaveLength(asked)

    // A reading the provider failed gave nothing: it gives the reading back.
    await ctx.database.db.update(baziReadings).set({ status: 'failed' }).where(eq(baziReadings.id, second.data.id))
    const third = await start({ gender: 'male', date: '2001-11-20 23:10' })
    expect(third.code).toBe(1)
    expect((await finish(third.data.id)).status).toBe('done')
    expect(await start(BIRTH_1990)).toMatchObject({ code: 0, msg: aiQuotaMessage(2) })

    // Yesterday's readings (China day) are yesterday's.
    await ctx.database.db
      .update(baziReadings)
      .set({ createdAt: new Date(Date.now() - 86_400_000) })
      .where(eq(baziReadings.userId, reader.userId))
    expect((await start(BIRTH_1990)).code).toBe(1)

    // Another user has a day of their own.
    const other = await login(limited.app, '另一位')
    expect((await call(limited.app, 'POST', '/api/tools.reading/start', { birth: BIRTH_1990 }, other.token)).code).toBe(
      1
    )
  } finally {
    await limited.close()
  }
})
