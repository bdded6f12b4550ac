import {
  baziChart,
  type BaziInput,
  baziLiuYue,
  changShengOf,
  findRelations,
  hiddenStems,
  luckRelations,
  luckShenSha,
  naYin,
  SHEN_SHA_CATALOGUE,
  shiShenOf,
  xunKong
} from '../../../src/metaphysics/bazi'
import { MetaphysicsError } from '../../../src/metaphysics/errors'

const pillarsOf = (input: BaziInput): string =>
  ['year', 'month', 'day', 'hour'].map((k) => baziChart(input).pillars[k as 'year'].ganZhi).join(' ')

/*
 * Four pillars. Day pillars are checked against the published anchor 2000-01-01 = 戊午日 and
 * 1949-10-01 = 甲子日 (《新编万年历》, 紫金山天文台) by counting the sixty-day cycle; month and
 * year pillars follow the 节 moments published by the Hong Kong Observatory (HKO, Beijing time)
 * with 五虎遁; hour pillars follow 五鼠遁.
 */
describe('four pillars', () => {
  it.each<[string, BaziInput, string]>([
    // the engine's reference chart: 1990-05-15 14:30, male
    ['1990 reference chart', { date: '1990-05-15 14:30', gender: 'male' }, '庚午 辛巳 庚辰 癸未'],
    // 开国大典 1949-10-01 15:00, widely printed as 己丑 癸酉 甲子 壬申
    ['1949-10-01 15:00', { date: '1949-10-01 15:00', gender: 'male' }, '己丑 癸酉 甲子 壬申'],
    // Bruce Lee, born 1940-11-27 07:12 San Francisco (PST, UTC-8); chart printed as 庚辰 丁亥 甲戌 戊辰
    ['Bruce Lee', { date: '1940-11-27 07:12', utcOffset: -8, gender: 'male' }, '庚辰 丁亥 甲戌 戊辰'],
    // Donald Trump, born 1946-06-14 10:54 EDT Queens (= 09:54 EST, UTC-5); chart printed as 丙戌 甲午 己未 己巳
    ['Donald Trump', { date: '1946-06-14 09:54', utcOffset: -5, gender: 'male' }, '丙戌 甲午 己未 己巳'],
    // 2000-01-01 00:00: 戊午 day (anchor), before 小寒 2000-01-06 and 立春: 己卯年 丙子月, 子时 of a 戊 day: 壬子
    ['2000-01-01 00:00', { date: '2000-01-01 00:00', gender: 'female' }, '己卯 丙子 戊午 壬子'],
    // HKO: 立春 2024-02-04 16:27 — seven minutes before and after
    ['before 立春 2024', { date: '2024-02-04 16:20', gender: 'male' }, '癸卯 乙丑 戊戌 庚申'],
    ['after 立春 2024', { date: '2024-02-04 16:34', gender: 'male' }, '甲辰 丙寅 戊戌 庚申'],
    // HKO: 惊蛰 2024-03-05 10:23 (day 2024-03-05 = 戊辰 by the cycle; 巳时 of 戊 day: 丁巳)
    ['before 惊蛰 2024', { date: '2024-03-05 10:15', gender: 'male' }, '甲辰 丙寅 戊辰 丁巳'],
    ['after 惊蛰 2024', { date: '2024-03-05 10:30', gender: 'male' }, '甲辰 丁卯 戊辰 丁巳'],
    // HKO: 立春 2023-02-04 10:43 (day 2023-02-04 = 癸巳 by the cycle; 巳时 of 癸 day: 丁巳)
    ['before 立春 2023', { date: '2023-02-04 10:30', gender: 'male' }, '壬寅 癸丑 癸巳 丁巳'],
    ['after 立春 2023', { date: '2023-02-04 10:55', gender: 'male' }, '癸卯 甲寅 癸巳 丁巳'],
    // 1900-01-01 12:00: 甲戌 day (《新编万年历》 first page), before 小寒 1900: 己亥年 丙子月, 午时 of 甲 day: 庚午
    ['1900-01-01 noon', { date: '1900-01-01 12:00', gender: 'male' }, '己亥 丙子 甲戌 庚午'],
    // 2050-01-01 12:00: 18263 days after the 戊午 anchor = 辛巳; before 小寒 and 立春: 己巳年 丙子月; 午时 of 辛 day: 甲午
    ['2050-01-01 noon', { date: '2050-01-01 12:00', gender: 'male' }, '己巳 丙子 辛巳 甲午'],
    // lunar 2023 闰二月十五 12:00 = 2023-04-05 (癸巳 day), after 清明 2023-04-05 09:13 (HKO): 丙辰月; 午时 of 癸 day: 戊午
    [
      'lunar leap month',
      { date: '2023-02-15 12:00', calendar: 'lunar', leapMonth: true, gender: 'male' },
      '癸卯 丙辰 癸巳 戊午'
    ],
    // DST: 1988-07-01 01:30 on a Beijing clock is 00:30 standard time (子时); 丁巳 day; 戊辰年 戊午月 (HKO: 芒种 06-05, 小暑 07-07)
    ['summer time removed', { date: '1988-07-01 01:30', gender: 'male' }, '戊辰 戊午 丁巳 庚子'],
    ['summer time kept', { date: '1988-07-01 01:30', dst: 'none', gender: 'male' }, '戊辰 戊午 丁巳 辛丑'],
    // true solar time: Urumqi (87.62°E) 2024-02-04 12:00 Beijing time is about 09:37 local (−129.5 min, EoT −14 min):
    // 巳时
    ['true solar time', { date: '2024-02-04 12:00', longitude: 87.62, gender: 'male' }, '癸卯 乙丑 戊戌 丁巳'],
    ['standard time', { date: '2024-02-04 12:00', gender: 'male' }, '癸卯 乙丑 戊戌 戊午']
  ])('%s', (_, input, expected) => {
    expect(pillarsOf(input)).toBe(expected)
  })

  // 早晚子时: 2000-01-01 23:30. 'next-day' moves to 己未 day with 甲子 hour (甲己还加甲);
  // 'same-day' keeps 戊午 with the next day's 子 hour 甲子
  it('starts the next day at 23:00 by default', () => {
    expect(pillarsOf({ date: '2000-01-01 23:30', gender: 'male' })).toBe('己卯 丙子 己未 甲子')
    expect(pillarsOf({ date: '2000-01-01 23:30', gender: 'male', ziHour: 'same-day' })).toBe('己卯 丙子 戊午 甲子')
    expect(pillarsOf({ date: '2000-01-02 00:30', gender: 'male' })).toBe('己卯 丙子 己未 甲子')
    expect(pillarsOf({ date: '2000-01-01 22:59', gender: 'male' })).toBe('己卯 丙子 戊午 癸亥')
  })
})

/*
 * 起运 cases worked by hand from HKO 节 moments with 三日一岁、一日四月、一时辰十日
 * (《三命通会》「论大运」), counting whole days and whole 时辰; published examples follow below.
 */
describe('起运 and 大运', () => {
  it('1990 reference chart: 大运 starts with 壬午 and runs forward', () => {
    const chart = baziChart({ date: '1990-05-15 14:30', gender: 'male' })
    expect(chart.qiYun.forward).toBe(true)
    expect(chart.daYun.map((d) => d.ganZhi)).toEqual([
      '壬午',
      '癸未',
      '甲申',
      '乙酉',
      '丙戌',
      '丁亥',
      '戊子',
      '己丑',
      '庚寅',
      '辛卯'
    ])
  })
  it('male 2024-03-01 12:00: to 惊蛰 03-05 10:23 is 3 days 11 时辰 = 1 year 3 months 20 days', () => {
    const chart = baziChart({ date: '2024-03-01 12:00', gender: 'male' })
    expect(chart.qiYun).toMatchObject({ forward: true, years: 1, months: 3, days: 20, date: '2025-06-21 12:00' })
    expect(chart.daYun[0]).toMatchObject({
      ganZhi: '丁卯',
      startYear: 2025,
      startAge: 2,
      startAgeReal: 1,
      endYear: 2034
    })
  })
  it('the minute method counts the whole span: 5663 min x 120 = 1 year 3 months 21 days 22 hours', () => {
    const chart = baziChart({ date: '2024-03-01 12:00', gender: 'male', yunMethod: 'minute' })
    expect(chart.qiYun).toMatchObject({ years: 1, months: 3, days: 21, hours: 22 })
  })
  it('female 2024-03-01 12:00 runs backward: from 立春 02-04 16:27 is 25 days 9 时辰 = 8 years 7 months', () => {
    const chart = baziChart({ date: '2024-03-01 12:00', gender: 'female' })
    expect(chart.qiYun).toMatchObject({ forward: false, years: 8, months: 7, days: 0 })
    expect(chart.daYun[0]).toMatchObject({ ganZhi: '乙丑', startYear: 2032, startAge: 9 })
  })
  it('male 2024-08-20 10:00: to 白露 09-07 11:11 is 18 days = 6 years', () => {
    const chart = baziChart({ date: '2024-08-20 10:00', gender: 'male' })
    expect(chart.pillars.month.ganZhi).toBe('壬申')
    expect(chart.qiYun).toMatchObject({ years: 6, months: 0, days: 0, date: '2030-08-20 10:00' })
    expect(chart.daYun[0].ganZhi).toBe('癸酉')
  })
  it('female 2024-11-20 06:00: back to 立冬 11-07 06:20 is 12 days 11 时辰 = 4 years 3 months 20 days', () => {
    const chart = baziChart({ date: '2024-11-20 06:00', gender: 'female' })
    expect(chart.qiYun).toMatchObject({ forward: false, years: 4, months: 3, days: 20 })
    expect(chart.daYun[0].ganZhi).toBe('甲戌')
  })
  it('lists ten steps of ten years, 流年 with 虚岁, and 小运 before the first step', () => {
    const chart = baziChart({ date: '2024-08-20 10:00', gender: 'male' })
    expect(chart.daYun).toHaveLength(10)
    chart.daYun.forEach((d, i) => {
      expect(d.liuNian).toHaveLength(10)
      expect(d.startYear).toBe(2030 + 10 * i)
      expect(d.liuNian[0]).toEqual({ year: d.startYear, ganZhi: d.liuNian[0].ganZhi, age: d.startAge })
    })
    // 2030 is 庚戌年 (2024 甲辰 + 6)
    expect(chart.daYun[0].liuNian[0].ganZhi).toBe('庚戌')
    // 2024-08-20 is 丙辰 by the cycle; 巳时 of a 丙 day is 癸巳 (丙辛从戊起); 小运 one step a year forward from it
    expect(chart.pillars.hour.ganZhi).toBe('癸巳')
    expect(chart.xiaoYun.map((x) => x.ganZhi)).toEqual(['甲午', '乙未', '丙申', '丁酉', '戊戌', '己亥'])
  })
  // 流月 of 2024 (甲辰): 五虎遁 甲己之年丙作首 → 丙寅 .. 丁丑; 立春 2024-02-04 16:27 (HKO)
  it('流月 start at each 节', () => {
    const months = baziLiuYue(2024)
    expect(months.map((m) => m.ganZhi)).toEqual([
      '丙寅',
      '丁卯',
      '戊辰',
      '己巳',
      '庚午',
      '辛未',
      '壬申',
      '癸酉',
      '甲戌',
      '乙亥',
      '丙子',
      '丁丑'
    ])
    expect(months[0]).toMatchObject({ term: '立春', start: '2024-02-04 16:27' })
    expect(months[11]).toMatchObject({ term: '小寒', start: '2025-01-05 10:32' })
  })
})

/*
 * 起运 examples printed in textbooks and on public pages. A 时辰 of birth is entered at its middle.
 * Two ways of counting appear: the textbook of example 1 counts days and 时辰 to the 节 as we do;
 * the others count calendar days only, so for them the span rounded to whole days is compared
 * and the 时辰 we also count show up as extra months or days.
 */
describe('起运 against published examples', () => {
  const pillars = (c: ReturnType<typeof baziChart>) =>
    ['year', 'month', 'day', 'hour'].map((k) => c.pillars[k as 'year'].ganZhi).join(' ')
  const wholeDays = (c: ReturnType<typeof baziChart>) => Math.round(c.qiYun.spanMinutes / 1440)

  // zhengzhongguoji.com/article/4879056_74111451.html (a republished textbook chapter on 起运), 例一:
  // 男命甲子年正月十五日子时, 惊蛰 二月初二日寅时, 共十六天又二时 → 五岁百四十日后起运, 运 丁卯 戊辰 己巳 …
  // The book reaches 己巳年六月初五 by adding lunar months; adding calendar months gives 六月初三 (1929-07-09).
  it('男 1924 正月十五 子时: 16 days 2 时辰 → 5 years 140 days, 丁卯 first', () => {
    const c = baziChart({ date: '1924-01-15 00:00', calendar: 'lunar', gender: 'male' })
    expect(pillars(c)).toBe('甲子 丙寅 戊辰 壬子')
    expect(c.qiYun).toMatchObject({
      forward: true,
      term: { name: '惊蛰', time: '1924-03-06 04:12' },
      years: 5,
      months: 4,
      days: 20
    })
    expect(c.daYun.slice(0, 6).map((d) => d.ganZhi)).toEqual(['丁卯', '戊辰', '己巳', '庚午', '辛未', '壬申'])
    expect(c.daYun[0].startYear).toBe(1929)
  })

  // youfengshui.com/fengshui/263569.html: 男 1989 (己巳) 三月初二寅时, 逆推至二月二十九日寅时清明, 正好两天 → 八个月
  it('男 1989 三月初二 寅时: back to 清明, two days → 8 months', () => {
    const c = baziChart({ date: '1989-03-02 04:00', calendar: 'lunar', gender: 'male' })
    expect(pillars(c).slice(0, 2)).toBe('己巳')
    expect(c.qiYun).toMatchObject({ forward: false, term: { name: '清明' }, years: 0, months: 8, days: 0 })
    expect(c.daYun[0].ganZhi).toBe('丁卯')
  })

  // same page: 男 1994 (甲戌) 正月十七寅时, 顺排, 到惊蛰八天 → 两年零八个月. 惊蛰 is 03-06 03:37, so the
  // span is 7 days 23 hours: we count 7 days 11 时辰 = 2 years 7 months 20 days.
  it('男 1994 正月十七 寅时: 8 days to 惊蛰 (2 years 8 months on whole days)', () => {
    const c = baziChart({ date: '1994-01-17 04:00', calendar: 'lunar', gender: 'male' })
    expect(c.qiYun).toMatchObject({ forward: true, term: { name: '惊蛰' }, years: 2, months: 7, days: 20 })
    expect(wholeDays(c)).toBe(8)
  })

  // cxbdf.cn/content/10/1230/15/790335_82639641.shtml: 男 1954 农历十月初四辰时 (甲戌月), 下行至立冬 9 天 → 3 岁;
  // 女 1962 农历九月初二酉时, 上行至白露 22 天 → 7 岁零 4 个月 (the page drops the 3 时辰 we count: +30 days)
  it('男 1954 十月初四 辰时: 9 days to 立冬 → about 3 years', () => {
    const c = baziChart({ date: '1954-10-04 08:00', calendar: 'lunar', gender: 'male' })
    expect(c.pillars.month.ganZhi).toBe('甲戌')
    expect(c.qiYun).toMatchObject({ forward: true, term: { name: '立冬' }, years: 2, months: 11, days: 20 })
    expect(wholeDays(c)).toBe(9)
  })
  it('女 1962 九月初二 酉时: 22 days back to 白露 → 7 years 4 months and 3 时辰', () => {
    const c = baziChart({ date: '1962-09-02 18:00', calendar: 'lunar', gender: 'female' })
    expect(c.qiYun).toMatchObject({ forward: false, term: { name: '白露' }, years: 7, months: 5, days: 0 })
    expect(Math.floor(c.qiYun.spanMinutes / 1440)).toBe(22)
  })
})

describe('classical tables', () => {
  // 《三命通会》「论纳音取象」
  it.each([
    ['甲子', '海中金'],
    ['丙寅', '炉中火'],
    ['庚午', '路旁土'],
    ['壬戌', '大海水'],
    ['癸亥', '大海水'],
    ['戊午', '天上火']
  ])('纳音 %s = %s', (gz, ny) => {
    expect(naYin(gz)).toBe(ny)
  })
  // 甲子旬空戌亥, 甲戌旬空申酉, 甲寅旬空子丑
  it('旬空', () => {
    expect(xunKong('乙丑')).toEqual(['戌', '亥'])
    expect(xunKong('庚辰')).toEqual(['申', '酉'])
    expect(xunKong('癸亥')).toEqual(['子', '丑'])
  })
  // 《渊海子平》十神
  it('十神', () => {
    expect(shiShenOf('甲', '庚')).toBe('七杀')
    expect(shiShenOf('甲', '辛')).toBe('正官')
    expect(shiShenOf('甲', '己')).toBe('正财')
    expect(shiShenOf('庚', '癸')).toBe('伤官')
    expect(shiShenOf('丙', '甲')).toBe('偏印')
    expect(shiShenOf('丁', '丙')).toBe('劫财')
  })
  // 《渊海子平》十干生死: 甲长生亥 死午, 乙长生午, 丙戊长生寅, 庚长生巳 帝旺酉, 癸长生卯 墓未 (阴干逆行)
  it('十二长生', () => {
    expect(changShengOf('甲', '亥')).toBe('长生')
    expect(changShengOf('甲', '午')).toBe('死')
    expect(changShengOf('乙', '午')).toBe('长生')
    expect(changShengOf('戊', '寅')).toBe('长生')
    expect(changShengOf('庚', '酉')).toBe('帝旺')
    expect(changShengOf('癸', '未')).toBe('墓')
    expect(changShengOf('癸', '子')).toBe('临官')
  })
  it('藏干 本气 中气 余气', () => {
    expect(hiddenStems('寅')).toEqual([
      ['甲', '本气'],
      ['丙', '中气'],
      ['戊', '余气']
    ])
    expect(hiddenStems('子')).toEqual([['癸', '本气']])
    expect(hiddenStems('午')).toEqual([
      ['丁', '本气'],
      ['己', '中气']
    ])
  })
  it('has at least 30 神煞, each with a source', () => {
    const names = new Set(SHEN_SHA_CATALOGUE.map((s) => s.name))
    expect(names.size).toBeGreaterThanOrEqual(30)
    for (const n of [
      '天乙贵人',
      '太极贵人',
      '文昌贵人',
      '驿马',
      '桃花',
      '华盖',
      '将星',
      '劫煞',
      '亡神',
      '羊刃',
      '禄神',
      '红鸾',
      '天喜',
      '天德贵人',
      '月德贵人',
      '天医',
      '金舆',
      '学堂',
      '词馆',
      '国印贵人',
      '孤辰',
      '寡宿',
      '灾煞',
      '元辰',
      '血刃',
      '勾绞煞',
      '魁罡',
      '阴差阳错',
      '十恶大败',
      '天罗',
      '地网',
      '童子煞',
      '红艳煞'
    ]) {
      expect(names.has(n)).toBe(true)
    }
    for (const s of SHEN_SHA_CATALOGUE) expect(s.source).toMatch(/《.+》/)
  })
})

describe('chart details (1990-05-15 14:30, male: 庚午 辛巳 庚辰 癸未)', () => {
  const chart = baziChart({ date: '1990-05-15 14:30', gender: 'male' })
  it('十神, 藏干, 纳音, 星运 and 自坐 follow the tables', () => {
    expect(chart.pillars.year).toMatchObject({ shiShen: '比肩', naYin: '路旁土', xingYun: '沐浴', ziZuo: '沐浴' })
    expect(chart.pillars.month).toMatchObject({ shiShen: '劫财', naYin: '白蜡金', xingYun: '长生', ziZuo: '死' })
    expect(chart.pillars.day).toMatchObject({ shiShen: '元男', naYin: '白蜡金', xingYun: '养', xunKong: '申酉' })
    expect(chart.pillars.hour).toMatchObject({ shiShen: '伤官', naYin: '杨柳木', xingYun: '冠带', ziZuo: '墓' })
    expect(chart.pillars.month.cangGan.map((c) => c.gan + c.shiShen)).toEqual(['丙七杀', '庚比肩', '戊偏印'])
  })
  // 胎元: 月干进一、月支进三 (辛巳 → 壬申); 胎息: 日柱干支相合 (庚辰 → 乙酉);
  // 命宫: 子上起正月逆数至四月(巳月)落酉，酉上起未时顺数至卯落巳，五虎遁庚年辛巳
  it('胎元, 胎息 and 命宫 by their classical rules', () => {
    expect(chart.taiYuan.ganZhi).toBe('壬申')
    expect(chart.taiXi.ganZhi).toBe('乙酉')
    expect(chart.mingGong.ganZhi).toBe('辛巳')
  })
  // 庚 day: 天乙贵人 丑未 → hour 未; 庚辰 is 魁罡; 午 year: 三会 巳午未 with month and hour, 午未 六合
  it('神煞 and relations', () => {
    expect(chart.pillars.hour.shenSha).toContain('天乙贵人')
    expect(chart.pillars.day.shenSha).toContain('魁罡')
    expect(chart.pillars.day.shenSha).toContain('华盖')
    expect(chart.relations.map((r) => r.type)).toEqual(expect.arrayContaining(['地支三会', '地支六合']))
  })
  it('wuXing counts and strength', () => {
    expect(chart.wuXing.counts).toEqual({ 木: 0, 火: 2, 土: 2, 金: 3, 水: 1 })
    expect(chart.wuXing.missing).toEqual(['木'])
    expect(['旺', '偏旺', '中和', '偏弱', '弱']).toContain(chart.strength.verdict)
    // 巳 本气 丙 is 七杀 to 庚; 癸 (食伤) on the hour stem restrains it and the day master is strong:
    // 煞用食制 (《子平真诠》「论偏官」), so 食伤 水 is the 用神 and 印 土 (which would strip the 食) is 忌
    expect(chart.yongShen).toMatchObject({ method: '格局用神', yong: '水' })
    expect(chart.yongShen.ji).toContain('土')
    expect([chart.strength.deLing, chart.strength.deDi, chart.strength.deShi]).toEqual([false, true, true])
  })
  it('relations of a 大运 and 流年 with the natal chart', () => {
    // 子 流年 冲 午 year branch; 甲 流年 冲 庚 stems
    const rel = luckRelations(chart, { liuNian: '甲子' })
    expect(rel.some((r) => r.type === '地支六冲' && r.pillars.join() === 'year,liuNian')).toBe(true)
    expect(rel.some((r) => r.type === '天干相冲')).toBe(true)
    expect(rel.every((r) => r.pillars.includes('liuNian'))).toBe(true)
    // 丑 is 庚's 天乙贵人
    expect(luckShenSha(chart, '己丑')).toContain('天乙贵人')
  })
  it('is plain JSON', () => {
    expect(JSON.parse(JSON.stringify(chart))).toEqual(chart)
  })
})

describe('relations among pillars', () => {
  it('finds 三合, 三刑 and 自刑', () => {
    const types = findRelations({ year: '甲申', month: '丙子', day: '壬辰', hour: '庚辰' }).map((r) => r.type)
    expect(types).toContain('地支三合')
    expect(types).toContain('地支自刑')
    const xing = findRelations({ year: '甲寅', month: '己巳', day: '庚申', hour: '丙子' })
    expect(xing.find((r) => r.type === '地支三刑')?.result).toBe('无恩之刑')
    expect(xing.find((r) => r.type === '天干五合')?.chars).toBe('甲己')
  })
})

describe('invalid input', () => {
  it.each<[string, Partial<BaziInput>, string]>([
    ['no gender', { date: '1990-05-15 14:30' }, '性别'],
    ['30 February', { date: '1990-02-30 14:30', gender: 'male' }, '只有28天'],
    ['year 1899', { date: '1899-05-15 14:30', gender: 'male' }, '1900'],
    [
      'missing leap month',
      { date: '2024-05-01 12:00', calendar: 'lunar', leapMonth: true, gender: 'male' },
      '没有闰五月'
    ],
    ['bad option', { date: '1990-05-15 14:30', gender: 'male', ziHour: 'midnight' as never }, '子时选项']
  ])('%s throws', (_, input, fragment) => {
    expect(() => baziChart(input as BaziInput)).toThrow(MetaphysicsError)
    expect(() => baziChart(input as BaziInput)).toThrow(fragment)
  })
})
