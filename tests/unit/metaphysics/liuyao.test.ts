import { MetaphysicsError } from '../../../src/metaphysics/errors'
import { coinValue, liuyaoChart, throwCoins } from '../../../src/metaphysics/liuyao'

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

/*
 * Worked examples of 《增删卜易》(野鹤老人) as printed: each names 月建 and 日辰, the 本卦 (之 变卦) and,
 * in its reasoning, the lines that matter (用神, 伏神, 旬空, 回头克 …). The dates below are real days
 * carrying the printed 月建/日辰 (checked against the 万年历); every line is compared in full:
 * 六神 六亲纳甲 世/应 伏神 → 变爻, bottom line first.
 */
describe('liuyaoChart against 《增删卜易》 worked examples', () => {
  const rows = (c: ReturnType<typeof liuyaoChart>) =>
    c.lines.map((l) =>
      [
        `${l.liuShen} ${l.liuQin}${l.ganZhi}`,
        l.shi ? '世' : '',
        l.ying ? '应' : '',
        l.fuShen ? `伏${l.fuShen.liuQin}${l.fuShen.ganZhi}` : '',
        l.bian ? `→${l.bian.liuQin}${l.bian.ganZhi}` : ''
      ]
        .filter(Boolean)
        .join(' ')
    )

  // 飞伏神章: “卯月壬辰日占候文书……得山火贲卦。午火父母为用神，空而伏于二爻丑土之下……许甲午日出空”
  it('卯月壬辰日 山火贲 (2024-03-29)', () => {
    const c = liuyaoChart({ lines: [7, 8, 7, 8, 8, 7], date: '2024-03-29 10:00' })
    expect(c.ganZhi.day).toBe('壬辰')
    expect([c.yueJian, c.riChen]).toEqual(['卯', '辰'])
    expect(c.benGua).toMatchObject({ fullName: '山火贲', palace: '艮', shi: 1, ying: 4 })
    expect(c.bianGua).toBeNull()
    expect(c.xunKong).toEqual(['午', '未'])
    expect(rows(c)).toEqual([
      '玄武 官鬼己卯 世',
      '青龙 兄弟己丑 伏父母丙午',
      '朱雀 妻财己亥 伏子孙丙申',
      '勾陈 兄弟丙戌 应',
      '螣蛇 妻财丙子',
      '白虎 官鬼丙寅'
    ])
  })

  // 飞伏神章: “酉月丙辰日占子病。得地风升……此卦午火子孙伏于丑土之下，丑土旬空伏易出”
  it('酉月丙辰日 地风升 (2005-09-29)', () => {
    const c = liuyaoChart({ lines: [8, 7, 7, 8, 8, 8], date: '2005-09-29 10:00' })
    expect([c.yueJian, c.ganZhi.day]).toEqual(['酉', '丙辰'])
    expect(c.benGua).toMatchObject({ fullName: '地风升', palace: '震', shi: 4, ying: 1 })
    expect(c.xunKong).toEqual(['子', '丑'])
    expect(rows(c)).toEqual([
      '朱雀 妻财辛丑 应',
      '勾陈 父母辛亥 伏兄弟庚寅',
      '螣蛇 官鬼辛酉',
      '白虎 妻财癸丑 世 伏子孙庚午',
      '玄武 父母癸亥',
      '青龙 官鬼癸酉'
    ])
  })

  // 飞伏神章: “卯月丙辰日占父病得地雷复卦。父母用神不现，明知巳火父母伏于二爻寅木之下”
  it('卯月丙辰日 地雷复 (2021-03-09)', () => {
    const c = liuyaoChart({ lines: [7, 8, 8, 8, 8, 8], date: '2021-03-09 10:00' })
    expect([c.yueJian, c.ganZhi.day]).toEqual(['卯', '丙辰'])
    expect(c.benGua).toMatchObject({ fullName: '地雷复', palace: '坤', shi: 1, ying: 4 })
    expect(rows(c)).toEqual([
      '朱雀 妻财庚子 世',
      '勾陈 官鬼庚寅 伏父母乙巳',
      '螣蛇 兄弟庚辰',
      '白虎 兄弟癸丑 应',
      '玄武 妻财癸亥',
      '青龙 子孙癸酉'
    ])
  })

  // 同日再占: “占得山泽损，巳火父母明现于初爻”
  it('卯月丙辰日 山泽损 (2021-03-09)', () => {
    const c = liuyaoChart({ lines: [7, 7, 8, 8, 8, 7], date: '2021-03-09 10:00' })
    expect(c.benGua).toMatchObject({ fullName: '山泽损', palace: '艮', shi: 3, ying: 6 })
    expect(rows(c)).toEqual([
      '朱雀 父母丁巳',
      '勾陈 官鬼丁卯',
      '螣蛇 兄弟丁丑 世 伏子孙丙申',
      '白虎 兄弟丙戌',
      '玄武 妻财丙子',
      '青龙 官鬼丙寅 应'
    ])
  })

  // 同日次子占: “得渐之巽……此卦亥水回头克父母” (二爻午火父母动化亥水)
  it('卯月丙辰日 风山渐之巽为风 (2021-03-09)', () => {
    const c = liuyaoChart({ lines: [8, 6, 7, 8, 7, 7], date: '2021-03-09 10:00' })
    expect(c.benGua).toMatchObject({ fullName: '风山渐', palace: '艮', shi: 3, ying: 6 })
    expect(c.bianGua).toMatchObject({ fullName: '巽为风', palace: '巽' })
    expect(c.movingLines).toEqual([2])
    expect(rows(c)).toEqual([
      '朱雀 兄弟丙辰',
      '勾陈 父母丙午 →妻财辛亥',
      '螣蛇 子孙丙申 世',
      '白虎 兄弟辛未',
      '玄武 父母辛巳 伏妻财丙子',
      '青龙 官鬼辛卯 应'
    ])
  })

  // 用神元神忌神章: “辰月戊申日占父近病，得乾为天变风天小畜……辰土、未土、戌土三重父母爻……
  // 午火虽动化出未土” (六冲卦)
  it('辰月戊申日 乾为天之风天小畜 (2022-04-25)', () => {
    const c = liuyaoChart({ lines: [7, 7, 7, 9, 7, 7], date: '2022-04-25 10:00' })
    expect([c.yueJian, c.ganZhi.day]).toEqual(['辰', '戊申'])
    expect(c.bianGua).toMatchObject({ fullName: '风天小畜', palace: '巽' })
    expect(c.xunKong).toEqual(['寅', '卯'])
    expect(rows(c)).toEqual([
      '勾陈 子孙甲子',
      '螣蛇 妻财甲寅',
      '白虎 父母甲辰 应',
      '玄武 官鬼壬午 →父母辛未',
      '青龙 兄弟壬申',
      '朱雀 父母壬戌 世'
    ])
  })

  // 元神忌神衰旺章: “酉月辛亥日占求财得兑为泽卦变雷水解卦……卯木妻财爻空而月破……
  // 初爻巳火官虽生世，亥日冲散又化旬空” (巳化寅, 甲辰旬空寅卯)
  it('酉月辛亥日 兑为泽之雷水解 (2004-09-29)', () => {
    const c = liuyaoChart({ lines: [9, 7, 8, 7, 9, 8], date: '2004-09-29 10:00' })
    expect([c.yueJian, c.ganZhi.day]).toEqual(['酉', '辛亥'])
    expect(c.benGua).toMatchObject({ fullName: '兑为泽', palace: '兑', shi: 6, ying: 3 })
    expect(c.bianGua).toMatchObject({ fullName: '雷水解', palace: '震' })
    expect(c.xunKong).toEqual(['寅', '卯'])
    expect(rows(c)).toEqual([
      '白虎 官鬼丁巳 →妻财戊寅',
      '玄武 妻财丁卯',
      '青龙 父母丁丑 应',
      '朱雀 子孙丁亥',
      '勾陈 兄弟丁酉 →兄弟庚申',
      '螣蛇 父母丁未 世'
    ])
  })

  // 元神忌神衰旺章: “巳月乙未日自占病得泽风大过变火风鼎卦。自占病世爻亥水为用神，被未土忌神
  // 动而克水，幸得酉金元神亦动”
  it('巳月乙未日 泽风大过之火风鼎 (2024-05-31)', () => {
    const c = liuyaoChart({ lines: [8, 7, 7, 7, 9, 6], date: '2024-05-31 10:00' })
    expect([c.yueJian, c.ganZhi.day]).toEqual(['巳', '乙未'])
    expect(c.benGua).toMatchObject({ fullName: '泽风大过', palace: '震', shi: 4, ying: 1 })
    expect(c.bianGua).toMatchObject({ fullName: '火风鼎', palace: '离' })
    expect(c.xunKong).toEqual(['辰', '巳'])
    expect(rows(c)).toEqual([
      '青龙 妻财辛丑 应',
      '朱雀 父母辛亥 伏兄弟庚寅',
      '勾陈 官鬼辛酉',
      '螣蛇 父母丁亥 世 伏子孙庚午',
      '白虎 官鬼丁酉 →妻财己未',
      '玄武 妻财丁未 →子孙己巳'
    ])
  })

  // 飞伏神章: “辛卯年丙申月甲子日占存亡……观之萃……水为子孙不现……世爻未土发动化出亥水子孙”
  it('辛卯年丙申月甲子日 风地观之泽地萃 (2011-09-06)', () => {
    const c = liuyaoChart({ lines: [8, 8, 8, 6, 7, 9], date: '2011-09-06 10:00' })
    expect(c.ganZhi).toMatchObject({ year: '辛卯', month: '丙申', day: '甲子' })
    expect(c.benGua).toMatchObject({ fullName: '风地观', palace: '乾', shi: 4, ying: 1 })
    expect(c.bianGua).toMatchObject({ fullName: '泽地萃', palace: '兑' })
    expect(c.xunKong).toEqual(['戌', '亥'])
    expect(rows(c)).toEqual([
      '青龙 父母乙未 应 伏子孙甲子',
      '朱雀 官鬼乙巳',
      '勾陈 妻财乙卯',
      '螣蛇 父母辛未 世 →子孙丁亥',
      '白虎 官鬼辛巳 伏兄弟壬申',
      '玄武 妻财辛卯 →父母丁未'
    ])
  })

  // 飞伏神章: “子月戊寅日占官得困之兑……飞爻午之官已临破……初爻寅木变出巳火官星……财爻独发”
  it('子月戊寅日 泽水困之兑为泽 (2003-12-31)', () => {
    const c = liuyaoChart({ lines: [6, 7, 8, 7, 7, 8], date: '2003-12-31 10:00' })
    expect([c.yueJian, c.ganZhi.day]).toEqual(['子', '戊寅'])
    expect(c.benGua).toMatchObject({ fullName: '泽水困', palace: '兑', shi: 1, ying: 4 })
    expect(c.bianGua).toMatchObject({ fullName: '兑为泽' })
    expect(c.xunKong).toEqual(['申', '酉'])
    expect(rows(c)).toEqual([
      '勾陈 妻财戊寅 世 →官鬼丁巳',
      '螣蛇 父母戊辰',
      '白虎 官鬼戊午',
      '玄武 子孙丁亥 应',
      '青龙 兄弟丁酉',
      '朱雀 父母丁未'
    ])
  })
})
