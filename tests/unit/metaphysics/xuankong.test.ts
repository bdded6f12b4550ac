import { xuankongChart, periodOfYear, flyingStarsAt, flyStars, readStarPair } from '@/metaphysics/xuankong'
import { MetaphysicsError } from '@/metaphysics/errors'

const stars = (c: ReturnType<typeof xuankongChart>, palace: number) => {
  const p = c.palaces[palace - 1]
  return [p.yun, p.shan, p.xiang]
}

describe('三元九运', () => {
  // 下元八运 2004-2023, 九运 2024-2043 (三元九运 table, 上元甲子 1864)
  it('maps years to periods', () => {
    expect(periodOfYear(2024)).toEqual({ period: 9, yuan: '下元', startYear: 2024, endYear: 2043 })
    expect(periodOfYear(2023).period).toBe(8)
    expect(periodOfYear(2004).period).toBe(8)
    expect(periodOfYear(1984).period).toBe(7)
    expect(periodOfYear(1924).period).toBe(4)
    expect(periodOfYear(2044)).toMatchObject({ period: 1, yuan: '上元' })
    expect(() => periodOfYear(1800)).toThrow(MetaphysicsError)
  })
})

describe('xuankongChart against published 玄空 charts (《沈氏玄空学》 八运/九运 二十四山挨星图)', () => {
  // 八运 子山午向 下卦: 双星到向, 离宫 运3 山8 向8, 坎宫 运4 山9 向7, 中宫 8/4/3
  it('八运 子山午向', () => {
    const c = xuankongChart({ period: 8, sitting: '子' })
    expect(c.pattern).toBe('双星到向')
    expect(stars(c, 5)).toEqual([8, 4, 3])
    expect(stars(c, 9)).toEqual([3, 8, 8])
    expect(stars(c, 1)).toEqual([4, 9, 7])
    expect(stars(c, 6)).toEqual([9, 5, 2])
    expect(c.facing).toEqual({ mountain: '午', palace: 9 })
  })

  // 八运 未山丑向 下卦: 旺山旺向 (坤宫山星8, 艮宫向星8)
  it('八运 未山丑向', () => {
    const c = xuankongChart({ period: 8, sitting: '未' })
    expect(c.pattern).toBe('旺山旺向')
    expect(stars(c, 5)).toEqual([8, 5, 2])
    expect(stars(c, 2)).toEqual([5, 8, 5])
    expect(stars(c, 8)).toEqual([2, 2, 8])
  })

  // 九运 子山午向 下卦: 双星到坐 (坎宫 山9 向9), 中宫 9/5/4
  it('九运 子山午向', () => {
    const c = xuankongChart({ period: 9, sitting: '子' })
    expect(c.pattern).toBe('双星到坐')
    expect(stars(c, 5)).toEqual([9, 5, 4])
    expect(stars(c, 1)).toEqual([5, 9, 9])
    expect(stars(c, 9)).toEqual([4, 1, 8])
  })

  // 替卦诀: 坎宫运星4 → 巽山 替武曲6; 离宫运星3 → 卯山 替巨门2
  it('applies the 替星 with 替卦', () => {
    const c = xuankongChart({ period: 8, sitting: '子', method: 'tigua' })
    expect(c.shanCentre).toEqual({ star: 6, forward: true })
    expect(c.xiangCentre).toEqual({ star: 2, forward: false })
  })

  it('every palace holds each star once per layer', () => {
    const c = xuankongChart({ period: 7, sitting: '乾' })
    for (const layer of ['yun', 'shan', 'xiang'] as const) {
      expect(c.palaces.map((p) => p[layer]).sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9])
    }
  })

  it('rejects unknown mountains and periods', () => {
    expect(() => xuankongChart({ period: 8, sitting: '北' })).toThrow('未知的山向')
    expect(() => xuankongChart({ period: 10, sitting: '子' })).toThrow(MetaphysicsError)
    expect(() => xuankongChart({ period: 8, sitting: '子', method: 'x' as never })).toThrow(MetaphysicsError)
  })
})

describe('flying stars of a moment', () => {
  // 2024 甲辰年 三碧入中 (published 2024 流年飞星); 2023 四绿, 2025 二黑
  it('gives the year star, turning at 立春 (2024-02-04 16:27)', () => {
    expect(flyingStarsAt('2024-06-01').year.star).toBe(3)
    expect(flyingStarsAt('2024-02-04 10:00').year.star).toBe(4)
    expect(flyingStarsAt('2024-02-04 17:00').year.star).toBe(3)
    expect(flyingStarsAt('2025-06-01').year.star).toBe(2)
  })

  // 《紫白诀》“子午卯酉八白宫，辰戌丑未五黄中，寅申巳亥二黑求”, 逆行
  it('gives the month star by the 节 month', () => {
    expect(flyingStarsAt('2024-02-20').month.star).toBe(5)
    expect(flyingStarsAt('2024-03-10').month.star).toBe(4)
    expect(flyingStarsAt('2023-02-20').month.star).toBe(8)
    expect(flyingStarsAt('2022-02-20').month.star).toBe(2)
  })

  it('flies the nine palaces forward from the centre', () => {
    // 洛书本位: 5 in the centre gives each palace its own number
    expect(flyStars(5)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9])
    expect(flyingStarsAt('2024-06-01').year.palaces[4]).toBe(3)
  })
})

describe('star pair readings', () => {
  it('reads 一四同宫 as 文昌 either way round', () => {
    expect(readStarPair(1, 4)[0].name).toBe('一四同宫')
    expect(readStarPair(4, 1)[0].luck).toBe('吉')
    expect(readStarPair(2, 5)[0].luck).toBe('凶')
    expect(readStarPair(1, 2)).toEqual([])
  })
})
