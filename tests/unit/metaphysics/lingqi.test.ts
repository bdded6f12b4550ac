import { lingqi, lingqiByNumber, lingqiReadings, throwLingqi } from '@/metaphysics/lingqi'
import { MetaphysicsError } from '@/metaphysics/errors'

describe('灵棋经 readings', () => {
  const all = lingqiReadings()

  it('has 125 readings numbered 1..125, one per combination of 0..4 face-up pieces in three groups', () => {
    expect(all).toHaveLength(125)
    expect(all.map((r) => r.number)).toEqual(Array.from({ length: 125 }, (_, i) => i + 1))
    const keys = new Set(all.map((r) => `${r.throw.upper}${r.throw.middle}${r.throw.lower}`))
    expect(keys.size).toBe(125)
    for (const r of all) for (const n of Object.values(r.throw)) expect(n >= 0 && n <= 4).toBe(true)
  })

  it('puts the 64 readings with all three groups showing first, 一上一中一下 to 四上四中四下', () => {
    expect(all.slice(0, 64).every((r) => r.throw.upper && r.throw.middle && r.throw.lower)).toBe(true)
    expect(lingqiByNumber(1).heading).toBe('一上一中一下')
    expect(lingqiByNumber(64).heading).toBe('四上四中四下')
  })

  it('files 三上二中一下 as the 37th reading', () => {
    // 《四库全书总目提要·灵棋经》: the 繇 of 《南史》/《南齐书》 (“客从南来……金碗玉杯”) “实为今经中第三十七卦”,
    // and 杨亿《谈苑》 names that throw 三上二中一下.
    expect(lingqi({ upper: 3, middle: 2, lower: 1 }).number).toBe(37)
  })

  it('names the first readings as the 刘基-annotated edition does', () => {
    // 《灵棋经》 (四库全书本): 一上一中一下 大通, 一上一中二下 渐泰, 一上二中二下 惊怖
    expect(lingqi({ upper: 1, middle: 1, lower: 1 }).name).toBe('大通卦')
    expect(lingqi({ upper: 1, middle: 1, lower: 2 }).name).toBe('渐泰卦')
    expect(lingqi({ upper: 1, middle: 2, lower: 2 }).name).toBe('惊怖卦')
    // 《谈苑》: 四中三下 避世
    expect(lingqi({ upper: 0, middle: 4, lower: 3 }).name).toBe('避世卦')
  })

  it('makes the all-blank throw 纯阴, the 125th', () => {
    const r = lingqi({ upper: 0, middle: 0, lower: 0 })
    expect(r.number).toBe(125)
    expect(r.heading).toBe('纯阴')
    expect(r.text).toContain('混沌未明')
  })

  it('reads groups by 刘基’s 四为纬: 1 少阳 2 少阴 3 太阳 4 老阴', () => {
    const r = lingqi({ upper: 3, middle: 4, lower: 2 })
    expect([r.groups.upper.xiang, r.groups.middle.xiang, r.groups.lower.xiang]).toEqual(['太阳', '老阴', '少阴'])
    expect(r.relations.junChen).toBe('敌') // 老阴与太阳为敌
    expect(lingqi({ upper: 1, middle: 2, lower: 0 }).relations).toEqual({ junChen: '耦', chenMin: '阙' }) // 少与少为耦
  })

  it('gives every reading a heading, a name, a text and an honest source, and is plain JSON', () => {
    for (const r of all) {
      expect(r.heading.length).toBeGreaterThan(0)
      expect(r.name.length).toBeGreaterThan(0)
      expect(r.text.length).toBeGreaterThan(10)
      expect(r.source).toBe('summary')
    }
    expect(JSON.parse(JSON.stringify(all))).toEqual(all)
  })

  it.each([
    [{ upper: 5, middle: 0, lower: 0 }],
    [{ upper: -1, middle: 0, lower: 0 }],
    [{ upper: 1.5, middle: 0, lower: 0 }],
    [{ upper: 1, middle: 2 }]
  ])('rejects %j', (t) => {
    expect(() => lingqi(t as never)).toThrow(MetaphysicsError)
  })

  it('rejects a number outside 1..125', () => {
    expect(() => lingqiByNumber(0)).toThrow(MetaphysicsError)
    expect(() => lingqiByNumber(126)).toThrow('1 到 125')
  })
})

describe('throwLingqi', () => {
  it('turns each piece face up when the random draw is below one half', () => {
    expect(throwLingqi(() => 0.1).heading).toBe('四上四中四下')
    expect(throwLingqi(() => 0.9).number).toBe(125)
  })

  it('follows the random source piece by piece (上 first, four pieces a group)', () => {
    const draws = [0.1, 0.9, 0.9, 0.9, 0.1, 0.1, 0.9, 0.9, 0.1, 0.1, 0.1, 0.9]
    let i = 0
    expect(throwLingqi(() => draws[i++]).heading).toBe('一上二中三下')
  })

  it('uses a random source by default', () => {
    const r = throwLingqi()
    expect(r.number).toBeGreaterThanOrEqual(1)
    expect(r.number).toBeLessThanOrEqual(125)
  })
})
