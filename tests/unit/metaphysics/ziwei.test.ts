/**
 * 紫微斗数 plates checked against iztro's own published test cases (SylarLong/iztro,
 * src/__tests__/astro/astro.test.ts), fed through our birth input: clock time in, iztro's hour index out.
 */
import { astro } from 'iztro'

import {
  type ZiweiChart,
  ziweiChart,
  type ZiweiInput,
  type ZiweiStar,
  ziweiTimeIndex
} from '../../../src/metaphysics/ziwei'
import plates from './fixtures/ziwei-plates.json'

const stars = (list: ZiweiStar[]): string => list.map((s) => s.name + s.brightness + s.mutagen).join(',')

/**
 * Everything a 紫微 plate shows, one line per field and per palace, so a fixture of many plates stays short
 * and a difference reads as the palace and field that changed.
 */
const platePin = (c: ZiweiChart): string[] => [
  [c.solarDate, c.lunarDate, c.chineseDate, c.time, c.zodiac].join(' '),
  [c.soul, c.body, c.fiveElementsClass, c.soulBranch, c.bodyBranch].join(' '),
  ...c.palaces.map((p) =>
    [
      p.name + (p.isBodyPalace ? '(身)' : ''),
      p.heavenlyStem + p.earthlyBranch,
      stars(p.majorStars),
      stars(p.minorStars),
      p.adjectiveStars.join(','),
      `${p.decadal.range.join('-')}${p.decadal.ganZhi}`,
      p.ages.join(',')
    ].join('|')
  ),
  `大限 ${c.luck.decadal.name} ${c.luck.decadal.palace} ${c.luck.decadal.ganZhi} ` +
    `${c.luck.decadal.mutagen.join(',')} ${c.luck.decadal.palaceNames.join(',')}`,
  `流年 ${c.luck.yearly.palace} ${c.luck.yearly.ganZhi} ${c.luck.yearly.mutagen.join(',')} ` +
    `${c.luck.yearly.palaceNames.join(',')}`,
  `虚岁 ${c.luck.nominalAge}`
]

describe('ziweiChart', () => {
  it('maps clock hours to iztro hour indexes (早子 0 … 亥 11, 晚子 12)', () => {
    expect([0, 1, 2, 4, 8, 12, 21, 22, 23].map(ziweiTimeIndex)).toEqual([0, 1, 1, 2, 4, 6, 11, 11, 12])
  })

  it('2000-08-16 寅时 女 (iztro「bySolar()」): 命宫午、身宫戌, 命主破军、身主文昌, 木三局, 大限 and 流年 of 2023-08-19', () => {
    const c = ziweiChart({ date: '2000-08-16 04:00', gender: 'female', at: '2023-08-19' })
    expect(c).toMatchObject({
      lunarDate: '二〇〇〇年七月十七',
      chineseDate: '庚辰 甲申 丙午 庚寅',
      time: '寅时',
      soulBranch: '午',
      bodyBranch: '戌',
      soul: '破军',
      body: '文昌',
      fiveElementsClass: '木三局'
    })
    expect(c.palaces).toHaveLength(12)
    expect(c.palaces[0].decadal).toEqual({ range: [43, 52], ganZhi: '戊寅' })
    expect(c.palaces[11].decadal).toEqual({ range: [53, 62], ganZhi: '己丑' })
    expect(c.palaces.find((p) => p.name === '命宫')).toMatchObject({ heavenlyStem: '壬', earthlyBranch: '午' })
    expect(c.luck.decadal).toMatchObject({ ganZhi: '庚辰', palace: '夫妻', mutagen: ['太阳', '武曲', '太阴', '天同'] })
    expect(c.luck.yearly).toMatchObject({ ganZhi: '癸卯', mutagen: ['破军', '巨门', '太阴', '贪狼'] })
    expect(c.luck.nominalAge).toBe(24)
    // the 大限 in the 夫妻 palace makes it that decade's 命宫; the other names follow counter-clockwise
    const spouse = c.palaces.findIndex((p) => p.name === '夫妻')
    expect(c.luck.decadal.palaceNames[spouse]).toBe('命宫')
    expect(c.luck.decadal.palaceNames[(spouse + 11) % 12]).toBe('兄弟')
    expect(c.luck.yearly.palaceNames[c.palaces.findIndex((p) => p.name === c.luck.yearly.palace)]).toBe('命宫')
    // 生年四化 of 庚: 太阳化禄 武曲化权 太阴化科 天同化忌 on the natal plate
    const mutagens = Object.fromEntries(
      c.palaces
        .flatMap((p) => [...p.majorStars, ...p.minorStars])
        .filter((s) => s.mutagen)
        .map((s) => [s.name, s.mutagen])
    )
    expect(mutagens).toEqual({ 太阳: '禄', 武曲: '权', 太阴: '科', 天同: '忌' })
  })

  it('2000-02-04 寅时 女 (iztro「byLunar() with normal year divider」, 农历一九九九年腊月廿九, year 己卯): 命宫亥、身宫卯, 巨门/天同, 火六局', () => {
    expect(ziweiChart({ date: '2000-02-04 04:00', gender: 'female' })).toMatchObject({
      lunarDate: '一九九九年腊月廿九',
      chineseDate: '己卯 丁丑 壬辰 壬寅',
      soulBranch: '亥',
      bodyBranch: '卯',
      soul: '巨门',
      body: '天同',
      fiveElementsClass: '火六局'
    })
  })

  it('2023-04-10 辰时 女 (iztro「bySolar() fix leap month」): 命宫子、身宫申, 贪狼/天同, 金四局, 紫微在迁移', () => {
    const c = ziweiChart({ date: '2023-04-10 08:00', gender: 'female' })
    expect(c).toMatchObject({
      soulBranch: '子',
      bodyBranch: '申',
      soul: '贪狼',
      body: '天同',
      fiveElementsClass: '金四局'
    })
    expect(c.palaces.find((p) => p.majorStars.some((s) => s.name === '紫微'))?.name).toBe('迁移')
  })

  it('1991-03-07 午时 女 (iztro「horoscope()」): on 2025-03-26 大限戊戌, 流年乙巳', () => {
    const c = ziweiChart({ date: '1991-03-07 12:00', gender: 'female', at: '2025-03-26' })
    expect(c.luck.decadal.ganZhi).toBe('戊戌')
    expect(c.luck.yearly.ganZhi).toBe('乙巳')
  })

  it('2023-10-18 辰时 女 (iztro「childhood」): 童限 in the 命宫 in the first year', () => {
    const c = ziweiChart({ date: '2023-10-18 08:00', gender: 'female', at: '2023-12-19' })
    expect(c.luck.decadal).toMatchObject({ name: '童限', palace: '命宫' })
  })

  it('refuses a missing gender and a bad 流年 date', () => {
    expect(() => ziweiChart({ date: '2000-08-16 04:00' } as never)).toThrow('请选择性别')
    expect(() => ziweiChart({ date: '2000-08-16 04:00', gender: 'male', at: '2023/8/1' })).toThrow('流年日期')
  })

  // The plate is computed with iztro's name lookups and the calendar's year tables kept between charts; these
  // 24 plates (1936-2040 births, every 时辰, 流年 up to 2100) were written by iztro without those caches.
  const cases = plates as { input: ZiweiInput; plate: string[] }[]
  it.each(cases.map((c) => [c.input.date, c.input.gender, c.input.at ?? '出生第30年', c]))(
    '%s %s (流年 %s) draws the same plate as iztro without the lookup and year caches',
    (_date, _gender, _at, c) => {
      expect(platePin(ziweiChart(c.input))).toEqual(c.plate)
    }
  )

  it('draws the same plates again in reverse order, after another language was asked of iztro in between', () => {
    astro.bySolar('1990-05-15', 7, '男', true, 'en-US')
    for (const c of [...cases].reverse()) expect(platePin(ziweiChart(c.input))).toEqual(c.plate)
  })
})
