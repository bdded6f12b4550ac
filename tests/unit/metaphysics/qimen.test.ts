import { MetaphysicsError } from '../../../src/metaphysics/errors'
import { type QimenChart, qimenChart } from '../../../src/metaphysics/qimen'

/*
 * The first charts below were worked by hand from the classical tables (《烟波钓叟歌》 节气→局, 遁甲 六仪, 转盘 rules)
 * with published inputs: 节气 moments from the Hong Kong Observatory (Beijing time) and day
 * pillars from the 《新编万年历》 anchors 1949-10-01 = 甲子日 and 2000-01-01 = 戊午日.
 */
const summary = (c: QimenChart) => ({
  term: c.term,
  dun: c.dun,
  ju: c.ju,
  yuan: c.yuan,
  xunShou: c.xunShou,
  zhiFu: c.zhiFu,
  zhiShi: c.zhiShi
})

describe('qimen charts (拆补法)', () => {
  it('1949-10-01 15:00: 秋分上元阴遁七局, 壬申时 旬首甲子戊, 天柱 to 壬 in 3, 惊门 eight hours on to 8', () => {
    const c = qimenChart({ date: '1949-10-01 15:00' })
    expect(summary(c)).toEqual({
      term: '秋分',
      dun: 'yin',
      ju: 7,
      yuan: '上元',
      xunShou: { ganZhi: '甲子', yi: '戊' },
      zhiFu: { star: '天柱', palace: 3 },
      zhiShi: { door: '惊门', palace: 8 }
    })
    // 甲子旬空戌亥 → 乾6; 申时马在寅 → 艮8
    expect(c.kongWang).toEqual({ branches: '戌亥', palaces: [6] })
    expect(c.maXing).toEqual({ branch: '寅', palace: 8 })
    // 地盘 阴七: 戊7 己6 庚5 辛4 壬3 癸2 丁1 丙9 乙8
    expect(c.palaces.map((p) => p.diPan[0]).join('')).toBe('丁癸壬辛庚己戊乙丙')
    // 阴遁八神 counter-clockwise from the 值符 palace 3: 3 8 1 6 7 2 9 4
    const gods = Object.fromEntries(c.palaces.filter((p) => p.god).map((p) => [p.palace, p.god]))
    expect(gods).toEqual({ 3: '值符', 8: '螣蛇', 1: '太阴', 6: '六合', 7: '白虎', 2: '玄武', 9: '九地', 4: '九天' })
  })

  it('2024-02-04 16:00, before 立春 16:27: 大寒上元阳遁三局, 庚申时 旬首甲寅癸 in 8, 庚 in 5 寄坤', () => {
    // 2024-02-04 = 戊戌日, 符头 甲午 → 上元
    const c = qimenChart({ date: '2024-02-04 16:00' })
    expect(summary(c)).toEqual({
      term: '大寒',
      dun: 'yang',
      ju: 3,
      yuan: '上元',
      xunShou: { ganZhi: '甲寅', yi: '癸' },
      zhiFu: { star: '天任', palace: 2 },
      zhiShi: { door: '生门', palace: 2 }
    })
  })

  it('2024-02-04 18:00, after 立春: 立春上元阳遁八局, 辛酉时, 天辅 to 辛 in 2, 杜门 seven palaces on to 2', () => {
    const c = qimenChart({ date: '2024-02-04 18:00' })
    expect(summary(c)).toEqual({
      term: '立春',
      dun: 'yang',
      ju: 8,
      yuan: '上元',
      xunShou: { ganZhi: '甲寅', yi: '癸' },
      zhiFu: { star: '天辅', palace: 2 },
      zhiShi: { door: '杜门', palace: 2 }
    })
  })

  it('2024-06-21 12:00, after 夏至 04:51: 夏至中元阴遁三局, 甲午时 — 值符 and 值使 stay home', () => {
    // 2024-06-21 = 丙辰日 (8938 days after 2000-01-01 戊午), 符头 甲寅 → 中元
    const c = qimenChart({ date: '2024-06-21 12:00' })
    expect(summary(c)).toEqual({
      term: '夏至',
      dun: 'yin',
      ju: 3,
      yuan: '中元',
      xunShou: { ganZhi: '甲午', yi: '辛' },
      zhiFu: { star: '天英', palace: 9 },
      zhiShi: { door: '景门', palace: 9 }
    })
  })

  it('2024-12-21 22:00, after 冬至 17:21: 冬至下元阳遁四局, 旬首己 in the centre: 天禽 值符, 死门 值使 (中五寄坤)', () => {
    // 2024-12-21 = 己未日 (符头 itself, 未 → 下元); 乙亥时 in 甲戌旬
    const c = qimenChart({ date: '2024-12-21 22:00' })
    expect(summary(c)).toEqual({
      term: '冬至',
      dun: 'yang',
      ju: 4,
      yuan: '下元',
      xunShou: { ganZhi: '甲戌', yi: '己' },
      zhiFu: { star: '天禽', palace: 3 },
      zhiShi: { door: '死门', palace: 6 }
    })
    // 天禽 rides with 天芮 to palace 3, carrying 坤's 丙 and the centre's 己
    const p3 = c.palaces[2]
    expect(p3.stars).toEqual(['天芮', '天禽'])
    expect(p3.tianPan).toEqual(['丙', '己'])
  })
})

describe('置闰法', () => {
  it('1949-10-01 15:00: 符头甲子 leads 寒露 (10-08 23:11) by seven days (超神, under nine) → 寒露上元阴遁六局', () => {
    const c = qimenChart({ date: '1949-10-01 15:00', method: 'zhirun' })
    expect(summary(c)).toEqual({
      term: '寒露',
      dun: 'yin',
      ju: 6,
      yuan: '上元',
      xunShou: { ganZhi: '甲子', yi: '戊' },
      zhiFu: { star: '天心', palace: 2 },
      zhiShi: { door: '开门', palace: 7 }
    })
  })
  it('keeps the 元 of the day and a term next to the 拆补 term', () => {
    const order = [
      '冬至',
      '小寒',
      '大寒',
      '立春',
      '雨水',
      '惊蛰',
      '春分',
      '清明',
      '谷雨',
      '立夏',
      '小满',
      '芒种',
      '夏至',
      '小暑',
      '大暑',
      '立秋',
      '处暑',
      '白露',
      '秋分',
      '寒露',
      '霜降',
      '立冬',
      '小雪',
      '大雪'
    ]
    for (let d = 0; d < 400; d += 7) {
      const date = new Date(Date.UTC(2020, 0, 1) + d * 86400000).toISOString().slice(0, 10) + ' 10:00'
      const a = qimenChart({ date })
      const b = qimenChart({ date, method: 'zhirun' })
      expect(b.yuan).toBe(a.yuan)
      const gap = (order.indexOf(b.term) - order.indexOf(a.term) + 24) % 24
      expect([0, 1, 23]).toContain(gap)
    }
  })
})

/*
 * Charts printed in teaching texts. The texts give a 局 and an hour (or a day); the dates are ones
 * whose 拆补 局 is that 局, with the day and hour pillars the text names.
 */
describe('published 拆补 charts', () => {
  const at = (c: QimenChart, p: number) => c.palaces[p - 1]

  // dushuzhijia.com/showbook/gbafeabg/4 (排局步骤 worked example): 戊申日, 符头 in 辰 → 下元, 阳八局; 戊午时,
  // 旬首甲寅癸 in 巽四: 天辅 值符 and 杜门 值使; 时干戊 in 艮八 takes 天辅, 杜门 goes 四→五→六→七→八.
  // The printed plate: 4 死门 天禽天芮 辛丁/癸, 9 惊门 天柱 乙/己, 2 开门 天心 丙/辛丁, 3 景门 天英 己/壬,
  // 7 休门 天蓬 庚/乙, 8 杜门 天辅 癸/戊, 1 伤门 天冲 壬/庚, 6 生门 天任 戊/丙; 太阴 4, 六合 9, 白虎 2.
  it('2021-04-30 12:00 (戊申日 戊午时, 谷雨下元): 阳遁八局 as the book prints it', () => {
    const c = qimenChart({ date: '2021-04-30 12:00' })
    expect([c.pillars.day, c.pillars.hour]).toEqual(['戊申', '戊午'])
    expect(summary(c)).toEqual({
      term: '谷雨',
      dun: 'yang',
      ju: 8,
      yuan: '下元',
      xunShou: { ganZhi: '甲寅', yi: '癸' },
      zhiFu: { star: '天辅', palace: 8 },
      zhiShi: { door: '杜门', palace: 8 }
    })
    const printed: Array<[number, string, string, string, string]> = [
      [4, '死门', '天芮天禽', '辛丁', '癸'],
      [9, '惊门', '天柱', '乙', '己'],
      [2, '开门', '天心', '丙', '辛丁'],
      [3, '景门', '天英', '己', '壬'],
      [7, '休门', '天蓬', '庚', '乙'],
      [8, '杜门', '天辅', '癸', '戊'],
      [1, '伤门', '天冲', '壬', '庚'],
      [6, '生门', '天任', '戊', '丙']
    ]
    for (const [p, door, stars, tian, di] of printed) {
      expect([at(c, p).door, at(c, p).stars.join(''), at(c, p).tianPan.join(''), at(c, p).diPan.join('')]).toEqual([
        door,
        stars,
        tian,
        di
      ])
    }
    expect([at(c, 4).god, at(c, 9).god, at(c, 2).god, at(c, 8).god]).toEqual(['太阴', '六合', '白虎', '值符'])
  })

  // 36dw.com/506551608750899201 and qimen.yi958.com/Article_508.html (求直使落宫), dushuzhijia.com/showbook/dbafeabd/9
  // (台湾清风), 182.61.201.157/p/6654515712 (求直符直使落宫): 阳遁7局乙丑时, 天柱 惊门 值符值使, 直符落6宫, 直使惊门落8宫
  it('2020-03-12 02:00 (甲寅日 乙丑时, 惊蛰中元): 阳遁七局, 天柱 to 6, 惊门 to 8', () => {
    const c = qimenChart({ date: '2020-03-12 02:00' })
    expect(c.pillars.hour).toBe('乙丑')
    expect(summary(c)).toMatchObject({
      dun: 'yang',
      ju: 7,
      zhiFu: { star: '天柱', palace: 6 },
      zhiShi: { door: '惊门', palace: 8 }
    })
  })

  // same pages: 阴遁6局辛丑时 (甲午旬), 天冲 伤门 值符值使, 直符落3宫, 直使落5宫寄坤2宫
  it('2020-10-21 02:00 (丁酉日 辛丑时, 寒露上元): 阴遁六局, 天冲 stays in 3, 伤门 to 5 lodged in 2', () => {
    const c = qimenChart({ date: '2020-10-21 02:00' })
    expect(c.pillars.hour).toBe('辛丑')
    expect(summary(c)).toMatchObject({
      dun: 'yin',
      ju: 6,
      xunShou: { ganZhi: '甲午', yi: '辛' },
      zhiFu: { star: '天冲', palace: 3 },
      zhiShi: { door: '伤门', palace: 2 }
    })
  })

  // yxtqmdj.net/t-17876.html (定局, 第47讲): 2021年10月29日 庚戌日, 符头己酉 → 霜降上元, 阴遁上元五局
  it('2021-10-29: 庚戌日, 霜降上元阴遁五局', () => {
    const c = qimenChart({ date: '2021-10-29 12:00' })
    expect(c.pillars.day).toBe('庚戌')
    expect(summary(c)).toMatchObject({ term: '霜降', yuan: '上元', dun: 'yin', ju: 5 })
  })

  // aed-corp.com/paipan/qimen/9316.html: 夏至阴九局的地盘 — 巽4 癸, 离9 戊, 坤2 丙, 震3 丁, 中5 壬, 兑7 庚, 艮8 己, 坎1 乙, 乾6 辛
  it('2020-07-05 12:00 (夏至上元): 阴遁九局 地盘 as printed', () => {
    const c = qimenChart({ date: '2020-07-05 12:00' })
    expect(summary(c)).toMatchObject({ term: '夏至', dun: 'yin', ju: 9 })
    expect(c.palaces.map((p) => p.diPan[0]).join('')).toBe('乙丙丁癸壬辛庚己戊')
  })
})

/*
 * 《奇门遁甲统宗》「遁甲起例」: 假如庚寅大雪节，自己卯至庚寅已超十二日，是过旬也 … 至此合用闰 …
 * 自甲午至戊申十五日重复大雪局. 大雪 fell on a 庚寅 day (by the sixty-day count from 1949-10-01 甲子) in
 * 1964 (12-07) and 1987 (12-07): 己卯 opens 大雪, 甲午 … 戊申 repeat it, and 己酉 opens 冬至.
 * (The transcription's next words, 十七日乙巳, do not name a 符头 and are not used.)
 */
describe('置闰法: the 统宗 example of 庚寅大雪', () => {
  const yearCases: Array<[string, string, string, string, string]> = [
    ['1964', '1964-11-26', '1964-12-11', '1964-12-25', '1964-12-26'],
    ['1987', '1987-11-26', '1987-12-11', '1987-12-25', '1987-12-26']
  ]
  it.each(yearCases)('%s', (_, jiMao, jiaWu, wuShen, jiYou) => {
    const zr = (d: string) => qimenChart({ date: `${d} 12:00`, method: 'zhirun' })
    expect([jiMao, jiaWu, wuShen, jiYou].map((d) => zr(d).pillars.day)).toEqual(['己卯', '甲午', '戊申', '己酉'])
    expect(summary(zr(jiMao))).toMatchObject({ term: '大雪', yuan: '上元', dun: 'yin', ju: 4 })
    expect(summary(zr(jiaWu))).toMatchObject({ term: '大雪', yuan: '上元', dun: 'yin', ju: 4 })
    expect(summary(zr(wuShen))).toMatchObject({ term: '大雪', yuan: '下元', dun: 'yin', ju: 1 })
    expect(summary(zr(jiYou))).toMatchObject({ term: '冬至', yuan: '上元', dun: 'yang', ju: 1 })
    // 拆补 keeps to the calendar: 己卯 is still in 小雪
    expect(qimenChart({ date: `${jiMao} 12:00` }).term).toBe('小雪')
  })
})

describe('chart structure', () => {
  it.each(['1990-05-15 14:30', '2024-12-21 22:00', '2031-07-09 03:10', '1905-03-01 23:30'])(
    '%s has every star, door, god and stem once',
    (date) => {
      const c = qimenChart({ date })
      const outer = c.palaces.filter((p) => p.palace !== 5)
      expect(outer.flatMap((p) => p.stars).sort()).toEqual(
        ['天任', '天冲', '天心', '天柱', '天禽', '天英', '天芮', '天蓬', '天辅'].sort()
      )
      expect(new Set(outer.map((p) => p.door)).size).toBe(8)
      expect(new Set(outer.map((p) => p.god)).size).toBe(8)
      expect(outer.flatMap((p) => p.tianPan).sort()).toEqual(
        ['戊', '己', '庚', '辛', '壬', '癸', '丁', '丙', '乙'].sort()
      )
      expect(c.palaces.filter((p) => p.zhiFu).map((p) => p.palace)).toEqual([c.zhiFu.palace])
      expect(c.palaces.filter((p) => p.zhiShi).map((p) => p.palace)).toEqual([c.zhiShi.palace])
      expect(c.palaces.find((p) => p.palace === c.zhiFu.palace)?.god).toBe('值符')
      expect(c.palaces.find((p) => p.palace === c.zhiShi.palace)?.door).toBe(c.zhiShi.door)
      expect(JSON.parse(JSON.stringify(c))).toEqual(c)
    }
  )
  it('rejects bad input in Chinese', () => {
    expect(() => qimenChart({ date: '2024-02-30 10:00' })).toThrow(MetaphysicsError)
    expect(() => qimenChart({ date: 'yesterday' })).toThrow('日期格式')
    expect(() => qimenChart({ date: '2024-02-03 10:00', method: 'feipan' as never })).toThrow('起局方法无效')
  })
})
