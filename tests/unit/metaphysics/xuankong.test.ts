import { MetaphysicsError } from '../../../src/metaphysics/errors'
import { flyingStarsAt, flyStars, periodOfYear, readStarPair, xuankongChart } from '../../../src/metaphysics/xuankong'

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

  // Whole charts copied from published 下卦 挨星图, compared palace by palace. Each row is
  // [运星, 山星, 向星] for palaces 1..9 (坎 坤 震 巽 中 乾 兑 艮 离).
  const whole = (c: ReturnType<typeof xuankongChart>) => c.palaces.map((p) => [p.yun, p.shan, p.xiang])

  // 《沈氏玄空学》二十四山挨星图 “卯山酉向下卦（一运）1864-1883年” as reprinted with 钟义明注 on
  // m.74hao.com/show/54182.html: 巽 7 4/九, 离 3 8/五, 坤 5 6/七, 卯 6 5/八, 中 8 3/一, 酉 1 1/三,
  // 艮 2 9/四, 坎 4 7/六, 乾 9 2/二 (钟注: 双星会向).
  it('一运 卯山酉向 下卦, palace by palace', () => {
    const c = xuankongChart({ period: 1, sitting: '卯' })
    expect(whole(c)).toEqual([
      [6, 4, 7],
      [7, 5, 6],
      [8, 6, 5],
      [9, 7, 4],
      [1, 8, 3],
      [2, 9, 2],
      [3, 1, 1],
      [4, 2, 9],
      [5, 3, 8]
    ])
    expect(c.pattern).toBe('双星到向')
    expect(c.shanCentre).toEqual({ star: 8, forward: true })
    expect(c.xiangCentre).toEqual({ star: 3, forward: false })
  })

  // 董直讲《青囊奥语》“一运壬山丙向下卦挨星列表” (kpfans.com/article/LvBMwXZl5d.html):
  // 山 六戌逆, 向 五壬顺, 运 一壬顺; 巽 7 4/9, 离 2 9/5, 坤 9 2/7, 震 8 3/8, 兑 4 7/3,
  // 艮 3 8/4, 坎 1 1/6, 乾 5 6/2 (山 向/运). 五黄 入中 follows the facing mountain 丙 (阳, 顺).
  it('一运 壬山丙向 下卦, palace by palace', () => {
    const c = xuankongChart({ period: 1, sitting: '壬' })
    expect(whole(c)).toEqual([
      [6, 1, 1],
      [7, 9, 2],
      [8, 8, 3],
      [9, 7, 4],
      [1, 6, 5],
      [2, 5, 6],
      [3, 4, 7],
      [4, 3, 8],
      [5, 2, 9]
    ])
    expect(c.shanCentre).toEqual({ star: 6, forward: false })
    expect(c.xiangCentre).toEqual({ star: 5, forward: true })
  })

  // 《沈氏玄空学》二十四山挨星图 “丁山癸向下卦（一运）” with 钟义明注 (mlzxfw.com/fsnews.asp?id=193):
  // 巽 6 5/九, 离 1 1/五, 坤 8 3/七, 卯 7 4/八, 中 5 6/一, 酉 3 8/三, 艮 2 9/四, 坎 9 2/六, 乾 4 7/二.
  // 五黄 enters as 山星 and flies backward after 丁 (阴), so the 山盘 is the 元旦盘 reversed (钟注: 返吟).
  it('一运 丁山癸向 下卦, palace by palace', () => {
    const c = xuankongChart({ period: 1, sitting: '丁' })
    expect(whole(c)).toEqual([
      [6, 9, 2],
      [7, 8, 3],
      [8, 7, 4],
      [9, 6, 5],
      [1, 5, 6],
      [2, 4, 7],
      [3, 3, 8],
      [4, 2, 9],
      [5, 1, 1]
    ])
    expect(c.shanCentre).toEqual({ star: 5, forward: false })
    expect(c.xiangCentre).toEqual({ star: 6, forward: true })
    expect(c.palaces.map((p) => p.shan + p.palace)).toEqual([10, 10, 10, 10, 10, 10, 10, 10, 10])
  })

  // 八运 子山午向 下卦 as the 八运 primers print it after 《沈氏玄空学》 (双星到向, 离 3 8 8, 坎 4 9 7):
  // 巽 7 3 4, 离 3 8 8, 坤 5 1 6, 震 6 2 5, 中 8 4 3, 兑 1 6 1, 艮 2 7 9, 坎 4 9 7, 乾 9 5 2 (运 山 向).
  it('八运 子山午向 下卦, palace by palace', () => {
    expect(whole(xuankongChart({ period: 8, sitting: '子' }))).toEqual([
      [4, 9, 7],
      [5, 1, 6],
      [6, 2, 5],
      [7, 3, 4],
      [8, 4, 3],
      [9, 5, 2],
      [1, 6, 1],
      [2, 7, 9],
      [3, 8, 8]
    ])
  })

  // “飛星兼向替卦的宅運盤怎麼布” (getit01.com/p201806112887270): 八运 卯山酉向兼乙辛 needs no 替
  // (乾 → 武曲6 = 宫数): 山星六入中 乾阳顺飞, 向星一入中 子阴逆飞; 三运 子山午向兼壬丙:
  // 山星 子 → 运盘八 → 艮 → 破军七入中.
  it('替卦 examples worked in print', () => {
    const mao = xuankongChart({ period: 8, sitting: '卯', method: 'tigua' })
    expect(mao.shanCentre).toEqual({ star: 6, forward: true })
    expect(mao.xiangCentre).toEqual({ star: 1, forward: false })
    expect(whole(mao)).toEqual(whole(xuankongChart({ period: 8, sitting: '卯' })))
    expect(xuankongChart({ period: 3, sitting: '子', method: 'tigua' }).shanCentre).toEqual({ star: 7, forward: true })
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
