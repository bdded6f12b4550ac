import { QIONG_TONG, qiongTongOf } from '../../server/data/qiongtong'
import { DI_TIAN_SUI_GAN } from '../../server/data/ditiansui'
import { rulesReading } from '../../server/modules/tools/reading/rules'
import { yearGanZhi } from '../../server/modules/tools/reading/luck'
import { sectionsOfText } from '../../server/modules/tools/reading/prompt'
import { baziChart } from '../../src/metaphysics/bazi'

const GAN = '甲乙丙丁戊己庚辛壬癸'.split('')
const ZHI = '子丑寅卯辰巳午未申酉戌亥'.split('')

describe('《穷通宝鉴》 table', () => {
  it('has one entry for each of the ten day stems in each of the twelve months, naming only stems', () => {
    expect(QIONG_TONG).toHaveLength(120)
    for (const g of GAN) for (const z of ZHI) expect(qiongTongOf(g, z)).toBeDefined()
    for (const e of QIONG_TONG) {
      expect(e.yong.length).toBeGreaterThan(0)
      expect(e.yong.every((s) => GAN.includes(s))).toBe(true)
      expect(e.summary.length).toBeGreaterThanOrEqual(30)
    }
  })

  it('matches the published 调候用神 table at sample entries', () => {
    // 徐乐吾《穷通宝鉴评注》: 正月甲木 丙癸; 五月丙火 壬庚; 十二月庚金 丙丁甲; 十一月癸水 丙辛; 四月乙木 癸
    expect(qiongTongOf('甲', '寅')!.yong).toEqual(['丙', '癸'])
    expect(qiongTongOf('丙', '午')!.yong).toEqual(['壬', '庚'])
    expect(qiongTongOf('庚', '丑')!.yong).toEqual(['丙', '丁', '甲'])
    expect(qiongTongOf('癸', '子')!.yong).toEqual(['丙', '辛'])
    expect(qiongTongOf('乙', '巳')!.yong).toEqual(['癸'])
  })

  it('has the 滴天髓 verse of every day stem, each of eight four-character lines', () => {
    for (const g of GAN) expect(DI_TIAN_SUI_GAN[g].split(/[，。]/).filter(Boolean).map((l) => l.length)).toEqual([4, 4, 4, 4, 4, 4, 4, 4])
    // 《滴天髓》: 「甲木参天，脱胎要火」「癸水至弱，达于天津」
    expect(DI_TIAN_SUI_GAN['甲'].startsWith('甲木参天，脱胎要火')).toBe(true)
    expect(DI_TIAN_SUI_GAN['癸'].startsWith('癸水至弱，达于天津')).toBe(true)
  })
})

describe('the rules reading', () => {
  it('gives a year its 干支: 1984 甲子, 2024 甲辰, 2026 丙午 (香港天文台年历)', () => {
    expect(yearGanZhi(1984)).toBe('甲子')
    expect(yearGanZhi(2024)).toBe('甲辰')
    expect(yearGanZhi(2026)).toBe('丙午')
    expect(yearGanZhi(1900)).toBe('庚子')
  })

  it('reads a woman\'s chart with the 夫星 and the 大运 of the year asked', () => {
    // 1985-01-01 is before 立春 1985 and 小寒 (01-05): still the 甲子 year's 丙子 month (香港天文台《1985年公历与农历对照表》)
    const chart = baziChart({ date: '1985-01-01 08:00', gender: 'female' })
    expect([chart.pillars.year.ganZhi, chart.pillars.month.ganZhi]).toEqual(['甲子', '丙子'])
    const sections = rulesReading(chart, 2030)
    const love = sections.find((s) => s.key === 'love')!.paragraphs.join('')
    expect(love).toContain('夫星（官杀）')
    const luck = sections.find((s) => s.key === 'luck')!.paragraphs.join('')
    expect(luck).toContain('2030年流年庚戌')
    expect(rulesReading(chart, 2030)).toEqual(sections)
  })

  it('splits a model answer at the asked headings', () => {
    expect(sectionsOfText('前言\n【性格特点】\n**刚毅**\n\n果断\n【财运分析】\n稳健')).toEqual([
      { key: 'personality', title: '性格特点', paragraphs: ['刚毅', '果断'] },
      { key: 'wealth', title: '财运分析', paragraphs: ['稳健'] }
    ])
  })
})
