import { almanacDay, almanacMonth } from '../../../src/metaphysics/almanac'
import { MetaphysicsError } from '../../../src/metaphysics/errors'

const ZHI = '子丑寅卯辰巳午未申酉戌亥'
const JIAN_CHU = '建除满平定执破危成收开闭'
const ANIMALS = '鼠牛虎兔龙蛇马羊猴鸡狗猪'

/** Published tables give the minute; sources differ by up to about a minute, so allow 60 s each way. */
const expectNearMinute = (time: string | undefined, published: string) => {
  const ms = (t: string) => Date.parse(t.replace(' ', 'T') + (t.length === 16 ? ':00Z' : 'Z'))
  expect(time).toBeDefined()
  expect(Math.abs(ms(time as string) - ms(published))).toBeLessThanOrEqual(60_000)
}

describe('almanacDay: published calendar facts', () => {
  // 香港天文台 2024 年二十四节气: 立春 2月4日 16:27 (北京时间)
  it('2024-02-04 is 立春 at 16:27', () => {
    const d = almanacDay('2024-02-04')
    expect(d.jieQi?.name).toBe('立春')
    expect(d.jieQi?.time.slice(0, 16)).toBe('2024-02-04 16:27')
    expect(d.currentJieQi.name).toBe('立春')
    expect(d.nextJieQi.name).toBe('雨水')
    // 香港天文台: 雨水 2月19日 12:13
    expectNearMinute(d.nextJieQi.time, '2024-02-19 12:13')
    // 《逸周书·时训解》: 立春之日东风解冻
    expect(d.wuHou).toBe('东风解冻')
    // 农历 still 癸卯年腊月廿五; the 立春 year is already 甲辰
    expect(d.lunar).toMatchObject({ month: 12, day: 25, monthName: '腊月', dayName: '廿五', leap: false })
    expect(d.ganZhi).toMatchObject({ year: '癸卯', yearByLiChun: '甲辰' })
  })

  // 国务院办公厅 2024 年节假日安排: 春节 2月10日; 甲辰龙年
  it('2024-02-10 is 春节, 正月初一 甲辰年', () => {
    const d = almanacDay('2024-02-10')
    expect(d.lunar).toMatchObject({ year: 2024, month: 1, day: 1, monthName: '正月', dayName: '初一' })
    expect(d.ganZhi.year).toBe('甲辰')
    expect(d.shengXiao).toBe('龙')
    expect(d.festivals.lunar).toContain('春节')
    expect(d.weekday).toBe('星期六')
  })

  // 万年历: 2000-01-01 戊午日
  it('2000-01-01 is a 戊午 day', () => {
    expect(almanacDay('2000-01-01').ganZhi.day).toBe('戊午')
  })

  // 香港天文台 2023 农历: 闰二月初一 = 2023-03-22
  it('marks leap months', () => {
    const d = almanacDay('2023-03-22')
    expect(d.lunar).toMatchObject({ month: 2, day: 1, leap: true, monthName: '闰二月' })
  })

  // 香港天文台: 夏至 2024-06-21 04:51, 冬至 2024-12-21 17:21
  it('gives exact solar-term moments', () => {
    expectNearMinute(almanacDay('2024-06-21').jieQi?.time, '2024-06-21 04:51')
    expectNearMinute(almanacDay('2024-12-21').jieQi?.time, '2024-12-21 17:21')
    expect(almanacDay('2024-12-22').jieQi).toBeNull()
  })

  // 2024 端午节 6月10日, 中秋节 9月17日 (国务院办公厅 2024 年节假日安排)
  it('lists festivals', () => {
    expect(almanacDay('2024-06-10').festivals.lunar).toContain('端午节')
    expect(almanacDay('2024-09-17').festivals.lunar).toContain('中秋节')
    expect(almanacDay('2024-10-01').festivals.solar).toContain('国庆节')
  })

  it('shows Chinese festivals and no Western holidays', () => {
    for (const date of [
      '2024-02-14',
      '2024-04-01',
      '2024-10-31',
      '2024-11-01',
      '2024-11-28',
      '2024-12-24',
      '2024-12-25'
    ]) {
      expect([date, ...almanacDay(date).festivals.solar]).toEqual([date])
    }
    const month = almanacMonth(2024, 12)
    expect(month.days.flatMap((d) => d.festivals)).not.toEqual(expect.arrayContaining(['平安夜']))
    expect(month.days.find((d) => d.date === '2024-12-24')?.caption).toBe('廿四')
    expect(almanacMonth(2024, 11).days.flatMap((d) => d.festivals)).toEqual(
      expect.not.arrayContaining(['万圣节', '感恩节'])
    )
    // 2024-08-18 is 七月十五 中元节; 2024-10-11 九月初九 重阳节; 2025-01-28 除夕
    expect(almanacDay('2024-08-18').festivals.other).toContain('中元节')
    expect(almanacDay('2024-11-01').festivals.other).toEqual(['寒衣节']) // 十月初一, not 万圣节
    expect(almanacDay('2024-10-11').festivals.lunar).toContain('重阳节')
    expect(almanacDay('2025-01-28').festivals.lunar).toContain('除夕')
    expect(almanacDay('2024-03-12').festivals.solar).toEqual(['植树节'])
  })

  // 国务院办公厅关于2025年部分节假日安排的通知: 国庆中秋 10月1日至8日放假，9月28日（星期日）、10月11日（星期六）上班
  it('marks the statutory days off and the working days moved into a holiday', () => {
    expect(almanacDay('2025-10-06').holiday).toEqual({ name: '国庆中秋', work: false })
    expect(almanacDay('2025-10-11').holiday).toEqual({ name: '国庆中秋', work: true })
    expect(almanacDay('2025-09-28').holiday).toEqual({ name: '国庆中秋', work: true })
    expect(almanacDay('2025-10-09').holiday).toBeNull()
    const october = almanacMonth(2025, 10).days
    expect(october.filter((d) => d.inMonth && d.holiday && !d.holiday.work).map((d) => d.day)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8
    ])
    expect(october.find((d) => d.date === '2025-10-01')?.caption).toBe('国庆节')
  })
})

describe('almanacDay: classical rules hold', () => {
  const days = ['2024-01-15', '2024-02-04', '2024-05-20', '2024-08-08', '2024-11-30']

  // 建除十二神: 月建之日为建, then 除满平定执破危成收开闭 (《协纪辨方书》卷四)
  it('建除 follows the month branch', () => {
    for (const date of days) {
      const d = almanacDay(date)
      const offset = (ZHI.indexOf(d.ganZhi.day[1]) - ZHI.indexOf(d.ganZhi.month[1]) + 12) % 12
      expect(d.jianChu).toBe(JIAN_CHU[offset])
    }
  })

  // 冲: the day branch clashes with the branch six places on (子午相冲 ...)
  it('冲 the opposite branch and its animal', () => {
    for (const date of days) {
      const d = almanacDay(date)
      const opposite = (ZHI.indexOf(d.ganZhi.day[1]) + 6) % 12
      expect(d.chong.ganZhi[1]).toBe(ZHI[opposite])
      expect(d.chong.shengXiao).toBe(ANIMALS[opposite])
    }
  })

  // 青龙 明堂 金匮 天德 玉堂 司命 are the 黄道 six (《协纪辨方书》 黄道黑道)
  it('值神 are 黄道 or 黑道 consistently', () => {
    const huangDao = ['青龙', '明堂', '金匮', '天德', '玉堂', '司命']
    for (const date of days) {
      const d = almanacDay(date)
      expect(d.tianShen.type).toBe(huangDao.includes(d.tianShen.name) ? '黄道' : '黑道')
    }
  })

  // 五鼠遁: 甲己还加甲 — a 甲 day starts at 甲子; 2024-02-10 is 甲辰日
  it('12 时辰 with 干支 by 五鼠遁', () => {
    const d = almanacDay('2024-02-10')
    expect(d.hours).toHaveLength(12)
    expect(d.hours[0]).toMatchObject({ zhi: '子', ganZhi: '甲子', range: '23:00-00:59' })
    expect(d.hours[6]).toMatchObject({ zhi: '午', ganZhi: '庚午', range: '11:00-12:59' })
  })

  it('fills every field', () => {
    const d = almanacDay('2024-05-20')
    expect(d.yi.length).toBeGreaterThan(0)
    expect(d.ji.length).toBeGreaterThan(0)
    expect(d.pengZu[0][0]).toBe(d.ganZhi.day[0])
    expect(d.pengZu[1][0]).toBe(d.ganZhi.day[1])
    expect(d.xiu.name.length).toBe(1)
    expect(d.nineStar.number).toBeGreaterThanOrEqual(1)
    expect(JSON.parse(JSON.stringify(d))).toEqual(d)
  })

  it('rejects dates outside 1900..2100 and impossible dates', () => {
    expect(() => almanacDay('1899-12-31')).toThrow(MetaphysicsError)
    expect(() => almanacDay('2101-01-01')).toThrow(MetaphysicsError)
    expect(() => almanacDay('2023-02-29')).toThrow('只有28天')
    expect(() => almanacDay('2024/02/10')).toThrow(MetaphysicsError)
    expect(almanacDay('1900-01-01').ganZhi.day).toBe('甲戌')
    expect(almanacDay('2100-12-31').date).toBe('2100-12-31')
  })
})

describe('almanacMonth', () => {
  // 2024-02-01 was a Thursday
  it('lays out 42 days from Monday by default', () => {
    const m = almanacMonth(2024, 2)
    expect(m.days).toHaveLength(42)
    expect(m.days[0].date).toBe('2024-01-29')
    expect(m.days.filter((d) => d.inMonth)).toHaveLength(29)
    expect(m.days.find((d) => d.date === '2024-02-10')?.caption).toBe('春节')
    expect(m.days.find((d) => d.date === '2024-02-19')?.jieQi).toBe('雨水')
    expect(m.days.find((d) => d.date === '2024-03-10')?.caption).toBe('二月')
  })

  it('can start on Sunday', () => {
    const m = almanacMonth(2024, 2, 'sunday')
    expect(m.days[0].date).toBe('2024-01-28')
    expect(m.days[0].weekday).toBe(0)
  })

  it('rejects bad months', () => {
    expect(() => almanacMonth(2024, 13)).toThrow(MetaphysicsError)
    expect(() => almanacMonth(1899, 12)).toThrow(MetaphysicsError)
  })
})
