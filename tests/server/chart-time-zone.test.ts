import './helpers/native-modules'

import { eq } from 'drizzle-orm'

import { baziRecords } from '../../server/db/schema'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'

let ctx: TestContext
let user: { userId: number; token: string }

beforeAll(async () => {
  ctx = await createTestContext()
  user = await login(ctx.app, '时区用户')
})
afterAll(() => ctx.close())

// 纽约 1990-07-04 11:20 on EDT (UTC-4): hour 辛巳; read as UTC-5 standard time it would be 壬午
const NEW_YORK = {
  gender: 'male',
  date: '1990-07-04 11:20',
  city: '纽约',
  longitude: -74.01,
  utc_offset: -5,
  true_solar_time: true
}
const info = (body: Record<string, unknown>, token?: string) =>
  call(ctx.app, 'POST', '/api/tools.index/getBaZiInfo', body, token)

describe('time_zone of a birth', () => {
  it('applies the zone’s offset in force, and without it keeps the fixed-offset reading', async () => {
    const zoned = await info({ birth: { ...NEW_YORK, time_zone: 'America/New_York' } })
    expect(zoned.code).toBe(1)
    expect(zoned.data.pillars[3]).toBe('辛巳')
    expect(zoned.data.birth.time_zone).toBe('America/New_York')
    expect(zoned.data.chart.birth.zone).toMatchObject({ offsetMinutes: -240, standardOffsetMinutes: -300 })
    expect(zoned.data.chart.birth.correction.dstMinutes).toBe(-60)
    const fixed = await info({ birth: NEW_YORK })
    expect(fixed.data.pillars[3]).toBe('壬午')
    expect(fixed.data.birth.time_zone).toBeUndefined()
    // Hong Kong 1988 had no summer time: 丙午, where China's rule by offset gives 乙巳
    const hk = await info({
      birth: { gender: 'male', date: '1988-07-01 11:30', city: '香港', longitude: 114.17, time_zone: 'Asia/Hong_Kong' }
    })
    expect(hk.data.pillars[3]).toBe('丙午')
  })

  it('refuses a zone that is not an IANA zone, naming the field; an empty one is none', async () => {
    for (const bad of ['Mars/Olympus', 'UTC+8', 8]) {
      const res = await info({ birth: { ...NEW_YORK, time_zone: bad } })
      expect(res.code).toBe(0)
      expect(res.msg).toContain('出生地时区')
    }
    const empty = await info({ birth: { ...NEW_YORK, time_zone: '' } })
    expect(empty.code).toBe(1)
    expect(empty.data.pillars[3]).toBe('壬午')
  })

  it('a saved record gets its zone back from its city (no column), and its pillars use it', async () => {
    const saved = await call(
      ctx.app,
      'POST',
      '/api/tools.index/saveBazi',
      { name: '纽约', ...NEW_YORK, time_zone: 'America/New_York' },
      user.token
    )
    expect(saved.code).toBe(1)
    expect(saved.data.pillars[3]).toBe('辛巳')
    expect(saved.data.birth.time_zone).toBe('America/New_York')
    const [row] = await ctx.database.db.select().from(baziRecords).where(eq(baziRecords.id, saved.data.id))
    expect(row.city).toBe('纽约')
    const again = await info({ record_id: saved.data.id }, user.token)
    expect(again.data.pillars[3]).toBe('辛巳')
    // a record whose offset is not its city's own keeps the fixed-offset reading
    const odd = await call(
      ctx.app,
      'POST',
      '/api/tools.index/saveBazi',
      { name: '手填时区', ...NEW_YORK, utc_offset: -4 },
      user.token
    )
    expect(odd.data.birth.time_zone).toBeUndefined()
  })
})
