import { baziChart } from '../../../src/metaphysics/bazi'
import {
  addMinutes,
  CHINA_DST_PERIODS,
  cities,
  equationOfTimeMinutes,
  findCity,
  formatDateTime,
  isTimeZone,
  parseSolarDateTime,
  resolveBirthTime,
  zoneOfPlace,
  zoneText
} from '../../../src/metaphysics/time'
import { ziweiChart } from '../../../src/metaphysics/ziwei'

/** The input the app builds for a picked city. */
const atCity = (name: string, date: string, extra: Record<string, unknown> = {}) => {
  const c = findCity(name)
  return { date, longitude: c.longitude, utcOffset: c.utcOffset, timeZone: c.timeZone, ...extra }
}
const hourOf = (name: string, date: string): string =>
  baziChart({ ...atCity(name, date), gender: 'male' }).pillars.hour.ganZhi

/** Offset in minutes of a zone at a UT instant, straight from Intl (no engine code). */
const intlWall = (timeZone: string, utcMs: number): string => {
  const f = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit'
  })
  const p = Object.fromEntries(f.formatToParts(new Date(utcMs)).map((x) => [x.type, x.value]))
  return `${p.year}-${p.month}-${p.day} ${String(Number(p.hour) % 24).padStart(2, '0')}:${p.minute}`
}

describe('birth places carry their IANA zone', () => {
  // Hour pillars from the practitioner's review, checked against tyme4ts / lunar-typescript with the
  // UT moment of each clock reading (true solar time: UT + longitude x 4 min + equation of time).
  it.each([
    // Hong Kong's last summer time was 1979: 1988 clock is standard time (China's 1986-91 rule is not Hong Kong's)
    ['香港', '1988-07-01 11:30', '丙午'],
    // Taiwan's last summer time was 1979
    ['台北', '1990-08-01 09:10', '丁巳'],
    // New York on EDT (UTC-4) in July 1990
    ['纽约', '1990-07-04 11:20', '辛巳'],
    // Singapore was on UTC+7:30 until 1981-12-31
    ['新加坡', '1975-03-10 10:05', '辛巳']
  ])('%s %s gets the hour %s', (city, date, hour) => {
    expect(hourOf(city, date)).toBe(hour)
  })

  it.each([
    ['新加坡', 0],
    ['吉隆坡', 0],
    ['马尼拉', 0],
    ['珀斯', 0],
    // Mongolia kept summer time 1983-1998 (tzdata Rule Mongol): its own, not China's
    ['乌兰巴托', -60]
  ])('%s 1988-07-01 11:30 removes its own summer time (%d min), not China’s', (city, dst) => {
    const t = resolveBirthTime(atCity(city, '1988-07-01 11:30'))
    expect(t.correction.dstMinutes).toBe(dst)
    expect(t.zone).toMatchObject({ timeZone: findCity(city).timeZone, applied: true })
  })

  it('the 紫微 plate reads the same corrected time', () => {
    const hk = ziweiChart({ ...atCity('香港', '1988-07-01 11:30'), gender: 'male' })
    const hkOld = ziweiChart({ date: '1988-07-01 11:30', longitude: 114.17, utcOffset: 8, gender: 'male' })
    // 午 hour with the zone, 巳 (the summer hour wrongly removed) without
    expect(hk.time).not.toBe(hkOld.time)
    expect(hk.time).toBe(ziweiChart({ ...atCity('香港', '1988-07-01 11:30'), dst: 'none', gender: 'male' }).time)
  })

  it('Beijing 1988-07-01 11:30 still removes the summer hour', () => {
    const withZone = resolveBirthTime(atCity('北京', '1988-07-01 11:30'))
    expect(withZone.correction.dstMinutes).toBe(-60)
    expect(withZone.display.beijing).toBe('1988-07-01 10:30')
    expect(withZone.zone).toEqual({
      timeZone: 'Asia/Shanghai',
      offsetMinutes: 540,
      standardOffsetMinutes: 480,
      applied: true
    })
    // the same as a record without a zone
    const without = resolveBirthTime({ date: '1988-07-01 11:30', longitude: 116.41 })
    expect(withZone.display).toEqual(without.display)
    expect(zoneText(withZone.zone!, '北京')).toBe('北京 UTC+9（夏令时）')
  })

  it('mainland summer time is the statutory 1986-1991 table, which is what tzdata has for those years', () => {
    for (const { start, end } of CHINA_DST_PERIODS) {
      // the first minute after the skipped hour, and the last before the repeated one, are summer time in both
      const after = addMinutes(parseSolarDateTime(start), 61)
      const before = addMinutes(parseSolarDateTime(end), -61)
      for (const clock of [after, before]) {
        const t = resolveBirthTime({ date: formatDateTime(clock), timeZone: 'Asia/Shanghai' })
        expect(t.correction.dstMinutes).toBe(-60)
        const utc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute) - 9 * 3600000
        expect(intlWall('Asia/Shanghai', utc)).toBe(formatDateTime(clock))
      }
    }
  })

  it('a mainland city outside 1986-1991, and in the 1940s, is on UTC+8', () => {
    // tzdata's 1940s Shanghai summer time is deliberately not applied (MAINLAND_CHINA_ZONES in
    // time-zone.ts): that history is Shanghai's, uncertain, and not every mainland city's
    expect(resolveBirthTime(atCity('广州', '1992-07-01 11:30')).correction.dstMinutes).toBe(0)
    expect(resolveBirthTime(atCity('广州', '1985-07-01 11:30')).correction.dstMinutes).toBe(0)
    const t1947 = resolveBirthTime(atCity('上海', '1947-07-01 11:30'))
    expect(t1947.correction.dstMinutes).toBe(0)
    expect(t1947.display.beijing).toBe('1947-07-01 11:30')
    // tzdata itself does have summer time then (UTC+9): the decision above is deliberate
    expect(intlWall('Asia/Shanghai', Date.UTC(1947, 6, 1, 2, 30))).toBe('1947-07-01 11:30')
  })

  it('Hong Kong does apply its own historical summer time (1941-1979)', () => {
    // 1975-07-01: Hong Kong summer time, UTC+9
    const t = resolveBirthTime(atCity('香港', '1975-07-01 11:30'))
    expect(t.correction.dstMinutes).toBe(-60)
    expect(t.display.beijing).toBe('1975-07-01 10:30')
  })

  it('Singapore 1975 is on UTC+7:30: the moment in Beijing time is 30 minutes later', () => {
    const t = resolveBirthTime(atCity('新加坡', '1975-03-10 10:05'))
    expect(t.display.beijing).toBe('1975-03-10 10:35')
    expect(t.correction.dstMinutes).toBe(0)
    expect(zoneText(t.zone!, '新加坡')).toBe('新加坡 UTC+7:30')
    expect(zoneText(resolveBirthTime(atCity('纽约', '1990-07-04 11:20')).zone!, '纽约')).toBe('纽约 UTC-4（夏令时）')
  })

  it('a spring-forward gap reading takes the earlier moment (as the summer offset), an overlap its first pass', () => {
    // New York 2021-03-14: 02:00 EST -> 03:00 EDT; 02:30 never showed.
    // Earlier reading: 02:30 EDT = 01:30 EST = 06:30 UT
    const gap = resolveBirthTime({ date: '2021-03-14 02:30', timeZone: 'America/New_York' })
    expect(gap.display.beijing).toBe('2021-03-14 14:30')
    expect(gap.correction.dstMinutes).toBe(-60)
    // 2021-11-07: 01:30 showed twice (EDT then EST); the first pass is 05:30 UT
    const overlap = resolveBirthTime({ date: '2021-11-07 01:30', timeZone: 'America/New_York' })
    expect(overlap.display.beijing).toBe('2021-11-07 13:30')
    // China's own gap (1986-05-04 02:00 -> 03:00) is read the same way
    expect(resolveBirthTime({ date: '1986-05-04 02:30', timeZone: 'Asia/Shanghai' }).display.beijing).toBe(
      '1986-05-04 01:30'
    )
    // Sydney's spring forward (2021-10-03 02:00 AEST -> 03:00 AEDT), the southern hemisphere
    const syd = resolveBirthTime({ date: '2021-10-03 02:30', timeZone: 'Australia/Sydney' })
    expect(syd.display.beijing).toBe('2021-10-02 23:30')
  })

  it('a birth without a zone keeps today’s result', () => {
    // (records and API callers that carry no zone: fixed offset, China's rule whenever the offset is 8)
    const ny = { date: '1990-07-04 11:20', longitude: -74.01, utcOffset: -5 }
    expect(baziChart({ ...ny, gender: 'male' }).pillars.hour.ganZhi).toBe('壬午')
    const hk = resolveBirthTime({ date: '1988-07-01 11:30', longitude: 114.17 })
    expect(hk.correction.dstMinutes).toBe(-60)
    expect(hk.zone).toBeUndefined()
    expect(resolveBirthTime({ date: '1988-07-01 11:30', dst: 'none' }).display.beijing).toBe('1988-07-01 11:30')
  })

  it('dst none reads the clock as that year’s standard time', () => {
    const t = resolveBirthTime({ ...atCity('纽约', '1990-07-04 11:20'), dst: 'none' })
    expect(t.correction.dstMinutes).toBe(0)
    expect(t.display.beijing).toBe('1990-07-05 00:20')
  })

  it('an unknown zone is refused in Chinese', () => {
    expect(() => resolveBirthTime({ date: '1990-07-04 11:20', timeZone: 'Mars/Olympus' })).toThrow('时区无效')
    expect(() => resolveBirthTime({ date: '1990-07-04 11:20', timeZone: ' ' })).toThrow('时区无效')
    expect(isTimeZone('Mars/Olympus')).toBe(false)
    expect(isTimeZone('Asia/Hong_Kong')).toBe(true)
  })

  it('without Intl time-zone support falls back to the fixed offset, marked, and never throws', () => {
    const realIntl = globalThis.Intl
    const fallbackOf = (input: Parameters<typeof resolveBirthTime>[0]) => {
      let result: ReturnType<typeof resolveBirthTime> | undefined
      jest.isolateModules(() => {
        const { resolveBirthTime: fresh } = require('../../../src/metaphysics/time/birth-time')
        result = fresh(input)
      })
      return result!
    }
    // an old engine's Intl that knows only UTC
    const OnlyUtc = function (locale?: string, options?: Intl.DateTimeFormatOptions) {
      if (options?.timeZone && options.timeZone !== 'UTC') throw new RangeError('Invalid time zone specified')
      return new realIntl.DateTimeFormat(locale, options)
    }
    ;(globalThis as any).Intl = { ...realIntl, DateTimeFormat: OnlyUtc }
    try {
      const hk = fallbackOf(atCity('香港', '1988-07-01 11:30'))
      expect(hk.zone).toMatchObject({ timeZone: 'Asia/Hong_Kong', applied: false, offsetMinutes: 480 })
      // not a mainland zone: China's summer hour is not removed
      expect(hk.correction.dstMinutes).toBe(0)
      const bj = fallbackOf(atCity('北京', '1988-07-01 11:30'))
      expect(bj.correction.dstMinutes).toBe(-60)
      expect(bj.zone?.applied).toBe(true)
      const ny = fallbackOf(atCity('纽约', '1990-07-04 11:20'))
      expect(ny.zone).toMatchObject({ applied: false, offsetMinutes: -300 })
      expect(zoneText(ny.zone!, '纽约')).toContain('未能查询历史时区')
      ;(globalThis as any).Intl = undefined
      expect(fallbackOf(atCity('纽约', '1990-07-04 11:20')).zone?.applied).toBe(false)
    } finally {
      ;(globalThis as any).Intl = realIntl
    }
  })
})

describe('the city table', () => {
  const all = cities.flatMap((g) => g.cities)
  it('every city has a zone this engine knows, and its utcOffset is that zone’s standard offset today', () => {
    for (const c of all) {
      expect(isTimeZone(c.timeZone)).toBe(true)
      const t = resolveBirthTime({ date: '2025-01-15 12:00', timeZone: c.timeZone })
      expect([c.name, t.zone!.standardOffsetMinutes]).toEqual([c.name, c.utcOffset * 60])
    }
  })
  it('mainland cities are on Asia/Shanghai, the SARs and Taiwan on their own zones', () => {
    expect(findCity('乌鲁木齐').timeZone).toBe('Asia/Shanghai')
    expect(findCity('香港').timeZone).toBe('Asia/Hong_Kong')
    expect(findCity('澳门').timeZone).toBe('Asia/Macau')
    expect(findCity('高雄').timeZone).toBe('Asia/Taipei')
    expect(findCity('旧金山').timeZone).toBe('America/Los_Angeles')
  })
  it('a saved place name gives its zone back only with that city’s own offset', () => {
    expect(zoneOfPlace('纽约', -5)).toBe('America/New_York')
    expect(zoneOfPlace('纽约', 8)).toBeUndefined()
    expect(zoneOfPlace('不存在市')).toBeUndefined()
    expect(zoneOfPlace('')).toBeUndefined()
  })
})

describe('the conversion against Intl directly', () => {
  // 200 random births in 10 world cities, 1950-2030. The UT moment of each clock reading is found
  // by brute force with Intl alone (every 15-minute offset from UTC-12 to UTC+14 whose UT instant
  // Intl formats back to the same wall clock; the earliest when two do), independently of the
  // engine's search; gap readings (no such instant) are skipped.
  const CITIES = ['纽约', '洛杉矶', '伦敦', '悉尼', '圣保罗', '德黑兰', '加德满都', '新加坡', '香港', '台北']
  let seed = 20240601
  const random = (): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed / 2147483648
  }
  const samples = Array.from({ length: 200 }, (_, i) => {
    const ms = Date.UTC(1950, 0, 1) + Math.floor(random() * 80 * 365.25 * 1440) * 60000
    return { city: CITIES[i % CITIES.length], wall: new Date(ms).toISOString().slice(0, 16).replace('T', ' ') }
  })

  it('gives the same Beijing time and true solar time', () => {
    let checked = 0
    for (const { city, wall } of samples) {
      const c = findCity(city)
      const w = parseSolarDateTime(wall)
      const wallMs = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute)
      const instants: number[] = []
      for (let o = -720; o <= 840; o += 15) {
        const utc = wallMs - o * 60000
        if (intlWall(c.timeZone, utc) === wall) instants.push(utc)
      }
      if (!instants.length) continue
      const utc = Math.min(...instants)
      const t = resolveBirthTime({ date: wall, longitude: c.longitude, utcOffset: c.utcOffset, timeZone: c.timeZone })
      expect([city, wall, t.display.beijing]).toEqual([city, wall, intlWall('UTC', utc + 8 * 3600000)])
      // true solar time = UT + longitude x 4 min + equation of time
      const eot = equationOfTimeMinutes(t.localTime)
      const expected = utc + (c.longitude * 4 + eot) * 60000
      const got = Date.UTC(
        t.localTime.year,
        t.localTime.month - 1,
        t.localTime.day,
        t.localTime.hour,
        t.localTime.minute
      )
      expect(Math.abs(got - expected)).toBeLessThanOrEqual(60000)
      checked++
    }
    expect(checked).toBeGreaterThanOrEqual(195)
  })
})
