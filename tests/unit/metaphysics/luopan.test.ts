import { MetaphysicsError } from '../../../src/metaphysics/errors'
import {
  bazhaiDirections,
  fenJinOfMountain,
  houseGua,
  luopanReading,
  mingGua,
  MOUNTAINS,
  planSectors
} from '../../../src/metaphysics/luopan'

describe('24 mountains (正针: 壬 337.5-352.5, 子 352.5-7.5 ...)', () => {
  it('reads compass degrees', () => {
    expect(luopanReading(0).mountain.name).toBe('子')
    expect(luopanReading(0).trigram.name).toBe('坎')
    expect(luopanReading(337.5).mountain.name).toBe('壬')
    expect(luopanReading(352.4).mountain.name).toBe('壬')
    expect(luopanReading(352.5).mountain.name).toBe('子')
    expect(luopanReading(7.5).mountain.name).toBe('癸')
    expect(luopanReading(45).mountain.name).toBe('艮')
    expect(luopanReading(90).mountain.name).toBe('卯')
    expect(luopanReading(135).mountain.name).toBe('巽')
    expect(luopanReading(180).mountain.name).toBe('午')
    expect(luopanReading(180).trigram.name).toBe('离')
    expect(luopanReading(225).mountain.name).toBe('坤')
    expect(luopanReading(270).mountain.name).toBe('酉')
    expect(luopanReading(315).mountain.name).toBe('乾')
    expect(luopanReading(180).opposite).toBe('子')
  })

  it('normalises any finite bearing', () => {
    expect(luopanReading(-10).degrees).toBe(350)
    expect(luopanReading(725).degrees).toBe(5)
    expect(() => luopanReading(NaN)).toThrow(MetaphysicsError)
    expect(() => luopanReading(Infinity)).toThrow(MetaphysicsError)
    expect(() => luopanReading('90' as never)).toThrow(MetaphysicsError)
  })

  // 三元龙: 天元 子午卯酉乾坤艮巽, 人元 乙辛丁癸寅申巳亥, 地元 甲庚壬丙辰戌丑未
  it('marks 三元龙', () => {
    const yuan = Object.fromEntries(MOUNTAINS.map((m) => [m.name, m.yuan]))
    for (const n of '子午卯酉乾坤艮巽') expect(yuan[n]).toBe('天元')
    for (const n of '乙辛丁癸寅申巳亥') expect(yuan[n]).toBe('人元')
    for (const n of '甲庚壬丙辰戌丑未') expect(yuan[n]).toBe('地元')
  })

  // 百二十分金 as published (“最常用的分金法：百二十分金”, ydygfs.com 2025-05-04): 子山 甲子 丙子 戊子 庚子 壬子
  // from the 壬 edge to the 癸 edge, 丑山 乙丑 丁丑 己丑 辛丑 癸丑; 八干四维 repeat the branch before them
  // (癸山 = 子山, 艮山 = 丑山); each mountain has two 旺相 cells, 丙/庚 or 丁/辛, and “甲壬阳孤乙癸虚，
  // 龟甲空亡戊己推”. The same table and grading: “风水:地盘正针一百二十分金” (siliu.net/p/6xn335z58g.html).
  it('has 120 分金, five per mountain, each 干支 twice', () => {
    const all = MOUNTAINS.flatMap((m) => fenJinOfMountain(m.index))
    expect(all).toHaveLength(120)
    expect(all.every((f) => f.ganZhi)).toBe(true)
    expect(new Set(all.map((f) => f.ganZhi)).size).toBe(60)
    const names = (m: number) =>
      fenJinOfMountain(m)
        .map((f) => f.ganZhi)
        .join(' ')
    expect(names(1)).toBe('甲子 丙子 戊子 庚子 壬子')
    expect(names(2)).toBe(names(1))
    expect(names(3)).toBe('乙丑 丁丑 己丑 辛丑 癸丑')
    expect(names(4)).toBe(names(3))
    expect(names(0)).toBe('乙亥 丁亥 己亥 辛亥 癸亥')
    expect(names(13)).toBe('甲午 丙午 戊午 庚午 壬午')
    expect(names(12)).toBe('乙巳 丁巳 己巳 辛巳 癸巳')
    for (const m of MOUNTAINS) {
      expect(fenJinOfMountain(m.index).filter((f) => f.grade === '旺相')).toHaveLength(2)
    }
  })

  it('reads the 分金 at a bearing', () => {
    expect(luopanReading(356).fenJin).toMatchObject({ ganZhi: '丙子', grade: '旺相', start: 355.5 })
    expect(luopanReading(0).fenJin).toMatchObject({ ganZhi: '戊子', grade: '龟甲空亡' })
    expect(luopanReading(7.6).fenJin).toMatchObject({ ganZhi: '甲子', grade: '孤' })
    expect(luopanReading(338).fenJin).toMatchObject({ ganZhi: '乙亥', grade: '虚' })
    expect(luopanReading(5).fenJin).toMatchObject({ ganZhi: '壬子', grade: '孤' })
    expect(fenJinOfMountain(3).map((f) => f.grade)).toEqual(['虚', '旺相', '龟甲空亡', '旺相', '虚'])
  })
})

describe('八宅', () => {
  // 八宅明镜 三元命卦表: 1990 男坎 女艮; 2000 男离 女乾; 1991 男离
  it('computes 命卦', () => {
    expect(mingGua(1990, 'male')).toMatchObject({ gua: '坎', group: '东四命', number: 1 })
    expect(mingGua(1990, 'female')).toMatchObject({ gua: '艮', group: '西四命' })
    expect(mingGua(2000, 'male').gua).toBe('离')
    expect(mingGua(2000, 'female').gua).toBe('乾')
    expect(mingGua(1991, 'male').gua).toBe('离')
    // 五 寄坤 (男) / 艮 (女): 1986 男 5 → 坤, 1981 女 (1981+4) mod 9 = 5 → 艮
    expect(mingGua(1986, 'male').gua).toBe('坤')
    expect(mingGua(1981, 'female').gua).toBe('艮')
  })

  it('turns the year at 立春 when a birth date is given', () => {
    // 立春 1990 fell on 1990-02-04: a birth on 1 February still counts as 1989 (男坤)
    expect(mingGua('1990-02-01', 'male')).toMatchObject({ year: 1989, gua: '坤' })
    expect(mingGua('1990-03-01', 'male')).toMatchObject({ year: 1990, gua: '坎' })
    expect(() => mingGua(1990, 'x' as never)).toThrow(MetaphysicsError)
  })

  // 《八宅明镜》 坎命: 生气巽 天医震 延年离 伏位坎 绝命坤 五鬼艮 六煞乾 祸害兑
  it('gives the 游年 stars of 坎', () => {
    const byStar = Object.fromEntries(bazhaiDirections('坎').map((d) => [d.youNian, d.trigram]))
    expect(byStar).toEqual({
      生气: '巽',
      天医: '震',
      延年: '离',
      伏位: '坎',
      绝命: '坤',
      五鬼: '艮',
      六煞: '乾',
      祸害: '兑'
    })
  })

  // 《八宅明镜》 乾宅: 生气兑 延年坤 天医艮 绝命离
  it('reads a house by its sitting', () => {
    const h = houseGua(315)
    expect(h.group).toBe('西四宅')
    const byStar = Object.fromEntries(h.directions.map((d) => [d.youNian, d.trigram]))
    expect(byStar).toMatchObject({ 生气: '兑', 延年: '坤', 天医: '艮', 绝命: '离' })
    expect(houseGua('子').gua).toBe('坎')
  })
})

describe('planSectors geometry', () => {
  const area = (pts: { x: number; y: number }[]) =>
    Math.abs(pts.reduce((s, p, i) => s + p.x * pts[(i + 1) % pts.length].y - pts[(i + 1) % pts.length].x * p.y, 0)) / 2

  it('cuts the image into eight 45° sectors that cover it exactly', () => {
    const s = planSectors({ center: { x: 300, y: 200 }, facingDegrees: 180, width: 800, height: 600, mode: '8' })
    expect(s.cells).toHaveLength(8)
    expect(s.rays).toHaveLength(8)
    expect(s.northAngle).toBe(0)
    const total = s.cells.reduce((sum, c) => sum + area(c.polygon), 0)
    expect(total).toBeCloseTo(800 * 600, 0)
    const north = s.cells.find((c) => c.trigram === '坎')
    expect(north?.startBearing).toBe(337.5)
    expect(north?.endBearing).toBe(22.5)
    // the north sector lies above the centre when north is up
    expect(north?.labelPoint.y).toBeLessThan(200)
  })

  it('turns with the facing: a house facing east drawn with its front at the bottom has north on the right', () => {
    const s = planSectors({
      center: { x: 50, y: 50 },
      facingDegrees: 90,
      rotation: 180,
      width: 100,
      height: 100,
      mode: '8'
    })
    expect(s.northAngle).toBe(90)
    const north = s.cells.find((c) => c.trigram === '坎')
    expect(north?.labelPoint.x).toBeGreaterThan(50)
    expect(Math.abs((north?.labelPoint.y ?? 0) - 50)).toBeLessThan(0.01)
  })

  it('draws 24 mountain wedges of 15°', () => {
    const s = planSectors({ center: { x: 100, y: 100 }, facingDegrees: 200, width: 200, height: 200, mode: '24' })
    expect(s.cells).toHaveLength(24)
    expect(s.cells[0].label).toBe('壬')
    const total = s.cells.reduce((sum, c) => sum + area(c.polygon), 0)
    expect(total).toBeCloseTo(200 * 200, 0)
  })

  it('lays a 3×3 grid of equal palaces on an upright plan', () => {
    const s = planSectors({ center: { x: 150, y: 150 }, facingDegrees: 180, width: 300, height: 300, mode: '9' })
    expect(s.cells).toHaveLength(9)
    s.cells.forEach((c) => expect(area(c.polygon)).toBeCloseTo(100 * 100, 3))
    const byPalace = Object.fromEntries(s.cells.map((c) => [c.palace, c]))
    expect(byPalace[5].label).toBe('中')
    // facing south drawn at the bottom: 离 (9) bottom middle, 坎 (1) top middle, 震 (3) on the right
    expect(byPalace[9].labelPoint).toEqual({ x: 150, y: 250 })
    expect(byPalace[1].labelPoint).toEqual({ x: 150, y: 50 })
    expect(byPalace[3].labelPoint).toEqual({ x: 250, y: 150 })
    expect(new Set(s.cells.map((c) => c.palace)).size).toBe(9)
  })

  it('rejects a centre outside the plan', () => {
    expect(() => planSectors({ center: { x: -1, y: 5 }, facingDegrees: 0, width: 10, height: 10, mode: '8' })).toThrow(
      MetaphysicsError
    )
    expect(() => planSectors({ center: { x: 5, y: 5 }, facingDegrees: 0, width: 0, height: 10, mode: '8' })).toThrow(
      MetaphysicsError
    )
    expect(() =>
      planSectors({ center: { x: 5, y: 5 }, facingDegrees: 0, width: 10, height: 10, mode: '7' as never })
    ).toThrow(MetaphysicsError)
  })
})
