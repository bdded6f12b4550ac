import { baziChart, baziThreePillars } from '../../../src/metaphysics/bazi'
import { MetaphysicsError } from '../../../src/metaphysics/errors'

const gz = (p: { ganZhi: string }) => p.ganZhi

describe('three-pillar chart (年月日, hour unknown)', () => {
  // 1990-05-15: 庚午年 辛巳月 庚辰日 (香港天文台《1990年公历与农历对照表》; 立夏 05-06)
  const chart = baziThreePillars({ date: '1990-05-15', gender: 'male' })

  it('gives the year, month and day pillars and no hour pillar', () => {
    expect([chart.pillars.year, chart.pillars.month, chart.pillars.day].map(gz)).toEqual(['庚午', '辛巳', '庚辰'])
    expect(chart.pillars).not.toHaveProperty('hour')
    expect(chart.pillars.day.shiShen).toBe('元男')
    expect(chart.pillars.year.shiShen).toBe('比肩')
    expect(chart.dayMaster).toEqual({ gan: '庚', wuXing: '金' })
    expect(chart.birth).toMatchObject({ date: '1990-05-15', shengXiao: '马' })
  })

  it('says what needs the hour instead of guessing it', () => {
    expect(chart.missing).toEqual(expect.arrayContaining(['时柱', '命宫', '身宫', '小运']))
    expect(chart).not.toHaveProperty('mingGong')
    expect(chart).not.toHaveProperty('xiaoYun')
    expect(chart.caveats).toContain('若生于23点以后（子时），日柱按次日为辛巳')
  })

  it('agrees with the four-pillar chart on everything the hour does not decide', () => {
    for (const [date, gender] of [
      ['1990-05-15', 'male'],
      ['1985-01-01', 'female'],
      ['2000-02-29', 'male'],
      ['1976-10-08', 'female']
    ] as const) {
      const three = baziThreePillars({ date, gender })
      const four = baziChart({ date: `${date} 12:00`, gender })
      expect([three.pillars.year, three.pillars.month, three.pillars.day].map(gz)).toEqual(
        [four.pillars.year, four.pillars.month, four.pillars.day].map(gz)
      )
      expect(three.taiYuan).toEqual(four.taiYuan) // 胎元 comes from the month pillar
      expect(three.taiXi).toEqual(four.taiXi) // 胎息 from the day pillar
      // 大运 follow the month pillar: the same 干支 and direction, reckoned from noon
      expect(three.daYun.map((d) => d.ganZhi)).toEqual(four.daYun.map((d) => d.ganZhi))
      expect(three.qiYun.forward).toBe(four.qiYun.forward)
      expect(three.pillars.month.cangGan).toEqual(four.pillars.month.cangGan)
      expect(three.relations.every((r) => !r.pillars.includes('hour'))).toBe(true)
    }
  })

  it('counts the six characters by element and tells whether the day master 得令', () => {
    // 庚午 辛巳 庚辰: 金 3 stems; 午火 巳火 辰土
    expect(chart.wuXing.counts).toEqual({ 木: 0, 火: 2, 土: 1, 金: 3, 水: 0 })
    expect(chart.wuXing.missing).toEqual(['木', '水'])
    expect(chart.deLing).toBe(false) // 巳 month: 火 controls 金
  })

  it('names both months when a 节 falls on the birth day', () => {
    // 立春 2024-02-04 16:27 (Beijing): before it 癸卯年乙丑月, after it 甲辰年丙寅月
    const liChun = baziThreePillars({ date: '2024-02-04', gender: 'female' })
    expect(liChun.pillars.month.ganZhi).toBe('乙丑')
    expect(liChun.caveats[0]).toBe(
      '当天交节：交节前出生为癸卯年乙丑月，交节后为甲辰年丙寅月；此处按正午排为乙丑月，知道大致时段可改正'
    )
    expect(chart.caveats.some((c) => c.startsWith('当天交节'))).toBe(false)
  })

  it('takes a lunar date', () => {
    // 农历1990年四月廿一 = 公历1990-05-15
    const lunar = baziThreePillars({ date: '1990-04-21', calendar: 'lunar', gender: 'male' })
    expect(lunar.birth.date).toBe('1990-05-15')
    expect(lunar.pillars.day.ganZhi).toBe('庚辰')
  })

  it('refuses a date with a time, a bad date or no gender, saying why', () => {
    expect(() => baziThreePillars({ date: '1990-05-15 14:30', gender: 'male' })).toThrow(MetaphysicsError)
    expect(() => baziThreePillars({ date: '1990-02-30', gender: 'male' })).toThrow(MetaphysicsError)
    expect(() => baziThreePillars({ date: '1990-05-15' } as never)).toThrow('性别')
  })
})
