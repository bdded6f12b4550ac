import { MetaphysicsError } from '../../../src/metaphysics/errors'
import { lingqi, lingqiByNumber, lingqiReadings, throwLingqi } from '../../../src/metaphysics/lingqi'

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

  it('names the readings as the book does', () => {
    // 《灵棋经》 (received text; 四库全书本 agrees): 一上一中一下 大通, 一上一中二下 渐泰, 一上二中二下 惊怖
    expect(lingqi({ upper: 1, middle: 1, lower: 1 }).name).toBe('大通卦')
    expect(lingqi({ upper: 1, middle: 1, lower: 2 }).name).toBe('渐泰卦')
    expect(lingqi({ upper: 1, middle: 2, lower: 2 }).name).toBe('惊怖卦')
    // 杨亿《谈苑》 and the book: 四中三下 避世
    expect(lingqi({ upper: 0, middle: 4, lower: 3 }).name).toBe('避世卦')
    expect(lingqi({ upper: 1, middle: 1, lower: 1 }).xiang).toBe('升腾之象')
  })

  it('gives the classical 象曰 of known readings', () => {
    // 《灵棋经》 卷上·卷下 (received text, checked against the 四库全书本 where it survives here)
    expect(lingqiByNumber(1).text).toBe('从小至大，无有颠沛；自下升高，遂至富豪；宜出远行，不利伏韬。')
    expect(lingqiByNumber(1).verse).toBe('变豹文成彩，乘龙福自臻。赤身承富贵，事事可更新。')
    expect(lingqiByNumber(2).text).toBe('安居布业，治产有人。既富且贵，禄位未及。')
    // 《南齐书·江谧传》 / 《南史》: 客从南来……金碗玉杯, the 37th per the 四库提要
    expect(lingqiByNumber(37).text).toBe('客从南来，遗我良材。宝货珍玩，金碗玉杯。')
    expect(lingqiByNumber(63).text).toBe('困于凶祸，闭门独坐。人徒分散，无可取火。')
    expect(lingqi({ upper: 1, middle: 1, lower: 0 }).text).toContain('出入跼蹐')
  })

  it("follows the book's order for readings with a blank group: 上中, 中下, 上下, then single groups", () => {
    // 四库全书本: 第六十五苦节卦 一上一中; 第一百五无功 三上一下; 第一百十六死象 四上
    expect(lingqiByNumber(65).heading).toBe('一上一中')
    expect(lingqiByNumber(65).name).toBe('苦节卦')
    expect(lingqiByNumber(81).heading).toBe('一中一下')
    expect(lingqiByNumber(105).heading).toBe('三上一下')
    expect(lingqiByNumber(105).name).toBe('无功卦')
    expect(lingqiByNumber(116).name).toBe('死象卦')
    expect(lingqiByNumber(118).name).toBe('岁登卦')
    expect(lingqiByNumber(121).heading).toBe('一下')
    expect(lingqiByNumber(124).heading).toBe('四下')
  })

  it('has classical text for all 125 readings', () => {
    for (const r of all) {
      expect(r.name).toMatch(/^.{2,3}卦$/)
      expect(r.xiang).toMatch(/^.{2}之象$/)
      // 象曰 is in four-character phrases
      const phrases = r.text.split(/[，。；？]/).filter(Boolean)
      expect(phrases.length).toBeGreaterThanOrEqual(4)
      for (const p of phrases) expect(p).toHaveLength(4)
      if (r.verse) {
        const lines = r.verse.split(/[，。]/).filter(Boolean)
        expect(lines).toHaveLength(4)
        expect(new Set(lines.map((l) => l.length)).size).toBe(1)
        expect([5, 7]).toContain(lines[0].length)
      }
    }
  })

  it('reads groups by 刘基’s 四为纬: 1 少阳 2 少阴 3 太阳 4 老阴', () => {
    const r = lingqi({ upper: 3, middle: 4, lower: 2 })
    expect([r.groups.upper.xiang, r.groups.middle.xiang, r.groups.lower.xiang]).toEqual(['太阳', '老阴', '少阴'])
    expect(r.relations.junChen).toBe('敌') // 老阴与太阳为敌
    expect(lingqi({ upper: 1, middle: 2, lower: 0 }).relations).toEqual({ junChen: '耦', chenMin: '阙' }) // 少与少为耦
  })

  it('gives every reading a heading, a name, a non-empty text and interpretation, and is plain JSON', () => {
    for (const r of all) {
      expect(r.heading.length).toBeGreaterThan(0)
      expect(r.name.length).toBeGreaterThan(0)
      expect(r.text.length).toBeGreaterThan(10)
      expect(r.interpretation.length).toBeGreaterThan(10)
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
