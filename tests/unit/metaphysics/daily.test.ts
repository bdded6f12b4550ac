import { baziChart } from '../../../src/metaphysics/bazi'
import { dailyFortune, luckyColor, luckySeat, romanticLuck } from '../../../src/metaphysics/daily'
import { MetaphysicsError } from '../../../src/metaphysics/errors'

// The daily rules are our own documented convention (see daily/fortune.ts); these tests check
// that they are applied as written, with day pillars from the 60-day cycle (2000-01-01 = 戊午).
const chart = baziChart({ date: '1990-05-15 14:30', gender: 'male' })

describe('daily fortune', () => {
  it('is deterministic: same chart and date, same answer', () => {
    expect(dailyFortune(chart, '2024-06-02')).toEqual(
      dailyFortune(baziChart({ date: '1990-05-15 14:30', gender: 'male' }), '2024-06-02')
    )
  })
  it('names the day pillar and stays in range', () => {
    for (let d = 1; d <= 30; d++) {
      const f = dailyFortune(chart, `2024-06-${String(d).padStart(2, '0')}`)
      expect(f.score).toBeGreaterThanOrEqual(0)
      expect(f.score).toBeLessThanOrEqual(100)
      for (const area of [f.romance, f.wealth, f.career, f.health]) {
        expect(area.stars).toBeGreaterThanOrEqual(1)
        expect(area.stars).toBeLessThanOrEqual(5)
        expect(area.text).toMatch(/[\u4e00-\u9fa5]/)
      }
      expect(f.summary).toContain(f.dayGanZhi)
    }
    // 2024-06-03 is 戊戌日 (8920 days after 戊午 2000-01-01)
    expect(dailyFortune(chart, '2024-06-03').dayGanZhi).toBe('戊戌')
  })
  it('scores a day that clashes the day branch lower than one that combines with it', () => {
    // natal day branch 辰: 戌 (2024-06-03 戊戌) 冲 it, 酉 (2024-06-02 丁酉) 合 it
    const clash = dailyFortune(chart, '2024-06-03')
    const combine = dailyFortune(chart, '2024-06-02')
    expect(clash.summary).toContain('六冲')
    expect(combine.summary).toContain('六合')
    expect(clash.score).toBeLessThan(combine.score)
    expect(clash.romance.stars).toBeLessThan(combine.romance.stars)
  })
  it('counts 红鸾 of the year branch for romance', () => {
    // 午 year: 红鸾 in 酉 — 2024-06-02 丁酉 day also 合 the 辰 day branch → 5 stars
    expect(romanticLuck(chart, '2024-06-02').stars).toBe(5)
  })
  it('gives the colours and 河图 numbers of the 用神', () => {
    const f = dailyFortune(chart, '2024-06-02')
    const colours: Record<string, string> = { 木: '绿色', 火: '红色', 土: '黄色', 金: '白色', 水: '黑色' }
    expect(luckyColor(chart, '2024-06-02').colors[0]).toBe(colours[chart.yongShen.yong])
    const hetu: Record<string, number[]> = { 水: [1, 6], 火: [2, 7], 木: [3, 8], 金: [4, 9], 土: [5, 10] }
    expect(hetu[chart.yongShen.yong]).toContain(f.luckyNumber)
  })
  it('seats the player towards the day’s 财神 unless it is a 忌神 direction', () => {
    // 通书: 戊己日财神正北; 丙丁日财神西南
    const seat = luckySeat(chart, '2024-06-03')
    const north = chart.yongShen.ji.includes('水')
    expect(seat.direction === '正北').toBe(!north)
    const southWest = luckySeat(chart, '2024-06-01')
    expect(southWest.direction === '西南').toBe(!chart.yongShen.ji.includes('土'))
  })
  it('rejects a bad date or a missing chart in Chinese', () => {
    expect(() => dailyFortune(chart, '2024-02-30')).toThrow(MetaphysicsError)
    expect(() => dailyFortune(undefined as never, '2024-02-03')).toThrow('请先排出八字命盘')
  })
})
