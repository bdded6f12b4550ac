import { liuyaoChart, throwCoins, coinValue } from '@/metaphysics/liuyao'
import { MetaphysicsError } from '@/metaphysics/errors'

// 2024-02-10 is 甲辰日 in 丙寅月 (published 万年历; 春节 2024 fell on 甲辰日).
const DATE = '2024-02-10 10:00'
const najia = (c: ReturnType<typeof liuyaoChart>) => c.lines.map((l) => l.ganZhi).join(' ')
const liuqin = (c: ReturnType<typeof liuyaoChart>) => c.lines.map((l) => l.liuQin).join(' ')

describe('liuyaoChart 纳甲 against the standard 京房纳甲 tables (《卜筮正宗》八宫六十四卦纳甲)', () => {
  it('乾为天', () => {
    const c = liuyaoChart({ lines: [7, 7, 7, 7, 7, 7], date: DATE })
    expect(najia(c)).toBe('甲子 甲寅 甲辰 壬午 壬申 壬戌')
    expect(liuqin(c)).toBe('子孙 妻财 父母 官鬼 兄弟 父母')
    expect(c.benGua).toMatchObject({ palace: '乾', palaceElement: '金', shi: 6, ying: 3 })
    expect(c.lines[5].shi && c.lines[2].ying).toBe(true)
  })

  it('坤为地', () => {
    const c = liuyaoChart({ lines: [8, 8, 8, 8, 8, 8], date: DATE })
    expect(najia(c)).toBe('乙未 乙巳 乙卯 癸丑 癸亥 癸酉')
    expect(liuqin(c)).toBe('兄弟 父母 官鬼 兄弟 妻财 子孙')
  })

  // 天风姤: 妻财寅木 伏于二爻亥水之下 (《增删卜易》 伏神 example of 姤卦)
  it('天风姤 with its 伏神', () => {
    const c = liuyaoChart({ lines: [8, 7, 7, 7, 7, 7], date: DATE })
    expect(najia(c)).toBe('辛丑 辛亥 辛酉 壬午 壬申 壬戌')
    expect(c.benGua).toMatchObject({ shi: 1, ying: 4 })
    expect(c.lines[1].fuShen).toEqual({ ganZhi: '甲寅', element: '木', liuQin: '妻财' })
    expect(c.lines.filter((l) => l.fuShen)).toHaveLength(1)
  })

  // 水雷屯 (坎宫二世): 妻财午火 伏于三爻辰土之下
  it('水雷屯', () => {
    const c = liuyaoChart({ lines: [7, 8, 8, 8, 7, 8], date: DATE })
    expect(najia(c)).toBe('庚子 庚寅 庚辰 戊申 戊戌 戊子')
    expect(liuqin(c)).toBe('兄弟 子孙 官鬼 父母 官鬼 兄弟')
    expect(c.benGua).toMatchObject({ palace: '坎', shi: 2, ying: 5 })
    expect(c.lines[2].fuShen).toEqual({ ganZhi: '戊午', element: '火', liuQin: '妻财' })
  })

  it('火天大有 (乾宫归魂)', () => {
    const c = liuyaoChart({ lines: [7, 7, 7, 7, 8, 7], date: DATE })
    expect(najia(c)).toBe('甲子 甲寅 甲辰 己酉 己未 己巳')
    expect(liuqin(c)).toBe('子孙 妻财 父母 兄弟 父母 官鬼')
    expect(c.benGua).toMatchObject({ shi: 3, ying: 6 })
  })

  it('泽水困 (兑宫一世)', () => {
    const c = liuyaoChart({ lines: [8, 7, 8, 7, 7, 8], date: DATE })
    expect(najia(c)).toBe('戊寅 戊辰 戊午 丁亥 丁酉 丁未')
    expect(liuqin(c)).toBe('妻财 父母 官鬼 子孙 兄弟 父母')
    expect(c.benGua).toMatchObject({ palace: '兑', shi: 1, ying: 4 })
  })
})

describe('liuyaoChart: day, month and moving lines', () => {
  // 六神: 甲乙起青龙 (《卜筮正宗》); 甲辰旬空寅卯; 2024-02-10 is in 丙寅月
  it('places 六神, 旬空, 月建 and 日辰 from the day', () => {
    const c = liuyaoChart({ lines: [7, 7, 7, 7, 7, 7], date: DATE })
    expect(c.ganZhi.day).toBe('甲辰')
    expect(c.lines.map((l) => l.liuShen)).toEqual(['青龙', '朱雀', '勾陈', '螣蛇', '白虎', '玄武'])
    expect(c.xunKong).toEqual(['寅', '卯'])
    expect(c.yueJian).toBe('寅')
    expect(c.riChen).toBe('辰')
  })

  // 2000-01-01 is 戊午日 (published 万年历): 戊日起勾陈
  it('starts 六神 at 勾陈 on a 戊 day', () => {
    const c = liuyaoChart({ lines: [7, 7, 7, 7, 7, 7], date: '2000-01-01 12:00' })
    expect(c.lines[0].liuShen).toBe('勾陈')
    expect(c.xunKong).toEqual(['子', '丑'])
  })

  it('gives the 变卦 and the changed line seen from the 本卦 palace', () => {
    const c = liuyaoChart({ lines: [9, 7, 7, 7, 7, 7], date: DATE })
    expect(c.bianGua?.fullName).toBe('天风姤')
    expect(c.movingLines).toEqual([1])
    expect(c.lines[0].bian).toEqual({ ganZhi: '辛丑', element: '土', liuQin: '父母', yang: false })
    expect(c.lines[1].bian).toBeUndefined()
  })

  it('takes coins (true = 背) as throws', () => {
    const three = [true, true, true]
    const none = [false, false, false]
    const one = [true, false, false]
    const c = liuyaoChart({ lines: [three, one, one, one, one, none], date: DATE })
    // bottom 老阳 and top 老阴: 本卦 泽天夬, both moving lines change: 天风姤
    expect(c.benGua.name).toBe('夬')
    expect(c.bianGua?.name).toBe('姤')
    expect(c.movingLines).toEqual([1, 6])
  })

  it('rejects bad input', () => {
    expect(() => liuyaoChart({ lines: [7, 7, 7], date: DATE })).toThrow(MetaphysicsError)
    expect(() => liuyaoChart({ lines: [7, 7, 7, 7, 7, 7], date: '2024-02-30 10:00' })).toThrow(MetaphysicsError)
    expect(() => liuyaoChart({ lines: [7, 7, 7, 7, 7, 7], date: '1899-12-31 10:00' })).toThrow(MetaphysicsError)
  })
})

describe('throwCoins', () => {
  // 《火珠林》: 一背单(7), 二背拆(8), 三背重(9), 无背交(6)
  it('counts 背 as the line value', () => {
    expect(coinValue([true, false, false])).toBe(7)
    expect(coinValue([true, true, false])).toBe(8)
    expect(coinValue([true, true, true])).toBe(9)
    expect(coinValue([false, false, false])).toBe(6)
  })

  it('uses the given byte source, one bit per coin', () => {
    const bytes = new Uint8Array([1, 1, 1, 0, 0, 0, 1, 0, 0, 1, 1, 0, 3, 5, 7, 2, 4, 6])
    const throws = throwCoins(() => bytes)
    expect(throws.map((t) => t.value)).toEqual([9, 6, 7, 8, 9, 6])
  })

  it('draws from the cryptographic source by default', () => {
    const throws = throwCoins()
    expect(throws).toHaveLength(6)
    throws.forEach((t) => expect([6, 7, 8, 9]).toContain(t.value))
  })
})
