import { baziChart, baziHeHun } from '../../../src/metaphysics/bazi'

// 男 1990-05-15 14:30 北京时间: 庚午 辛巳 庚辰 癸未 (香港天文台《1990年公历与农历对照表》)
const man = baziChart({ date: '1990-05-15 14:30', gender: 'male' })
const factor = (r: ReturnType<typeof baziHeHun>, key: string) => r.factors.find((f) => f.key === key)!

describe('baziHeHun', () => {
  it('女 1991-03-16 10:00 (辛未 辛卯 乙酉 辛巳): 午未六合, 日干乙庚五合, 日支辰酉六合 (《三命通会》卷二)', () => {
    const woman = baziChart({ date: '1991-03-16 10:00', gender: 'female' })
    expect(woman.pillars.day.ganZhi).toBe('乙酉')
    const r = baziHeHun(man, woman)
    expect(factor(r, 'nianMing')).toMatchObject({ verdict: '吉', detail: '午马与未羊六合。' })
    expect(factor(r, 'riZhu').detail).toContain('日干庚乙五合；日支（夫妻宫）辰酉六合')
    // 咸池: 辰 day branch → 桃花在酉 (申子辰在酉), her day branch is 酉
    expect(factor(r, 'shenSha').detail).toContain('桃花（咸池）落在另一方年支或日支')
    expect(r.level).toBe('上等婚配')
    expect(r.summary).toMatch(/^综合5项，得\d+分，属上等婚配。有利在年命、日柱/)
  })

  it('女 1996-04-07 10:00 (丙子 壬辰 甲戌 己巳): 子午六冲, 甲庚相冲, 辰戌六冲 — named in the summary as what to mind', () => {
    const woman = baziChart({ date: '1996-04-07 10:00', gender: 'female' })
    expect(woman.pillars.day.ganZhi).toBe('甲戌')
    const r = baziHeHun(man, woman)
    expect(factor(r, 'nianMing')).toMatchObject({ score: -2, verdict: '忌', detail: '午马与子鼠六冲。' })
    expect(factor(r, 'riZhu')).toMatchObject({ score: -2, verdict: '忌' })
    expect(factor(r, 'riZhu').detail).toContain('日干庚甲相冲；日支（夫妻宫）辰戌六冲')
    expect(r.summary).toContain('需留意年命、日柱')
    expect(r.summary).toContain('午马与子鼠六冲')
    expect(r.score).toBeLessThan(60)
  })

  it('寅午戌三合 counts as a 年命 match; a man with 孤辰 in his chart is told (《三命通会》「论孤辰寡宿」: 午年生人孤辰在申)', () => {
    const woman = baziChart({ date: '1994-06-01 10:00', gender: 'female' })
    expect(woman.pillars.year.zhi).toBe('戌')
    // 16:00 is 申时: 孤辰 in his hour pillar
    const lonely = baziChart({ date: '1990-05-15 16:00', gender: 'male' })
    expect(lonely.pillars.hour.zhi).toBe('申')
    const r = baziHeHun(lonely, woman)
    expect(factor(r, 'nianMing').detail).toBe('午马与戌狗三合。')
    expect(factor(r, 'shenSha').detail).toContain('男方命带孤辰（时柱）')
  })

  it('reads the same whichever chart comes first, and stays within its bounds for any pair', () => {
    const births = [
      '1985-01-20 03:10',
      '1988-11-02 22:45',
      '1993-07-07 07:07',
      '2000-02-29 12:00',
      '1979-09-09 18:30',
      '2002-12-25 00:30'
    ]
    for (const x of births)
      for (const y of births) {
        const a = baziChart({ date: x, gender: 'male' })
        const b = baziChart({ date: y, gender: 'female' })
        const r = baziHeHun(a, b)
        const back = baziHeHun(b, a)
        expect(r.score).toBe(back.score)
        expect(r.score).toBeGreaterThanOrEqual(0)
        expect(r.score).toBeLessThanOrEqual(100)
        for (const f of r.factors) {
          expect(Math.abs(f.score)).toBeLessThanOrEqual(2)
          expect(f.verdict).toBe(f.score > 0 ? '吉' : f.score < 0 ? '忌' : '平')
          expect(f.source).toMatch(/《/)
          if (f.score < 0) expect(r.summary).toContain(f.title.replace(/（.*）/, ''))
        }
      }
  })
})
