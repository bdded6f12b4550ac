import { DI_TIAN_SUI_GAN } from '../../server/data/ditiansui'
import { QIONG_TONG, qiongTongOf } from '../../server/data/qiongtong'
import { yearGanZhi } from '../../server/modules/reading/luck'
import { sectionsOfText } from '../../server/modules/reading/prompt'
import { rulesReading } from '../../server/modules/reading/rules'
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

  it("gives the book's own passage for every stem and month, in simplified characters and without commentary", () => {
    expect(QIONG_TONG.filter((e) => e.source === 'summary')).toEqual([])
    // 十二月乙木 (论乙木's last passage; the transcriptions' heading 「十一月」 is a slip): 「木寒宜丙，有寒谷回春之象」
    expect(qiongTongOf('乙', '丑')!.text).toMatch(/^十二月乙木，木寒宜丙，有寒谷回春之象/)
    for (const e of QIONG_TONG) {
      expect(Boolean(e.text)).toBe(e.source === 'text')
      if (!e.text) continue
      expect(e.text.length).toBeGreaterThanOrEqual(40)
      expect(e.text).not.toMatch(/[耑剋洩噼]|徐乐吾|评注/)
      if (e.season)
        expect(e.season.title).toBe(
          `三${'春春春夏夏夏秋秋秋冬冬冬'['寅卯辰巳午未申酉戌亥子丑'.indexOf(e.zhi)]}${e.gan}${'木木火火土土金金水水'[GAN.indexOf(e.gan)]}`
        )
    }
  })

  it('quotes the month passages as the book words them', () => {
    // 《穷通宝鉴》 三春甲木 (维基文库录徐乐吾评注本正文): 「正月甲木，初春尚有余寒，得丙癸逢，富贵双全。」
    expect(
      qiongTongOf('甲', '寅')!.text!.startsWith(
        '正月甲木，初春尚有余寒，得丙癸逢，富贵双全。癸藏丙透，名寒木向阳，主大富贵。'
      )
    ).toBe(true)
    // the book writes 正二月甲木 once for both months: it reads under 正月 and 二月 alike
    expect(qiongTongOf('甲', '寅')!.text).toContain('正二月甲木，素无取从才从杀从化之理。')
    expect(qiongTongOf('甲', '卯')!.text).toContain(
      '二月甲木，庚金得所，名阳刃驾杀，可云小贵，异途显达，或主武职，但要财资之。'
    )
    expect(qiongTongOf('甲', '寅')!.season).toMatchObject({ title: '三春甲木' })
    expect(qiongTongOf('甲', '寅')!.season!.text.startsWith('春月之木，渐有生长之象。')).toBe(true)
    // 三夏庚金: 「四月庚金，长生于巳，巳内有戊。丙不熔金，故不畏火炎」; 三秋庚金: 「七月庚金，刚锐极矣。专用丁火煅炼」
    expect(qiongTongOf('庚', '巳')!.text!.startsWith('四月庚金，长生于巳，巳内有戊。丙不熔金，故不畏火炎')).toBe(true)
    expect(qiongTongOf('庚', '申')!.text!.startsWith('七月庚金，刚锐极矣。专用丁火煅炼，次取甲木引丁')).toBe(true)
    // 三冬壬水: 「十一月壬水，阳刃帮身，较前更旺，先取戊土，次用丙火」
    expect(
      qiongTongOf('壬', '子')!.text!.startsWith(
        '十一月壬水，阳刃帮身，较前更旺，先取戊土，次用丙火，丙戊两透，富贵荣华。'
      )
    ).toBe(true)
    // 三冬戊土: 「十一二月严寒冰冻，丙火为专，甲木为佐」 under both months
    for (const z of ['子', '丑'])
      expect(qiongTongOf('戊', z)!.text!.startsWith('十一二月严寒冰冻，丙火为专，甲木为佐。')).toBe(true)
    // 三夏己土 has no month passages: each summer month reads the season's passage
    for (const z of ['巳', '午', '未']) {
      expect(
        qiongTongOf('己', z)!.text!.startsWith('三夏己土，杂气才官，禾稼在田，最喜甘沛，取癸为要，次用丙火。')
      ).toBe(true)
      expect(qiongTongOf('己', z)!.season).toBeUndefined()
    }
    // 三冬癸水: 「十一月癸水，值冰冻之时，金水无交欢之象，专用丙火解冻」
    expect(qiongTongOf('癸', '子')!.text!.startsWith('十一月癸水，值冰冻之时，金水无交欢之象，专用丙火解冻')).toBe(true)
  })

  it('has the 滴天髓 verse of every day stem in four-character lines', () => {
    for (const g of GAN) {
      const lines = DI_TIAN_SUI_GAN[g].split(/[，。]/).filter(Boolean)
      expect(lines.every((l) => l.length === 4)).toBe(true)
      // 《滴天髓阐微》 丙火 ends 「虎马犬乡，甲木若来，必当焚灭」: nine lines; the others eight
      expect(lines).toHaveLength(g === '丙' ? 9 : 8)
    }
    // 《滴天髓》: 「甲木参天，脱胎要火」「癸水至弱，达于天津」
    expect(DI_TIAN_SUI_GAN['甲'].startsWith('甲木参天，脱胎要火')).toBe(true)
    expect(DI_TIAN_SUI_GAN['癸'].startsWith('癸水至弱，达于天津')).toBe(true)
    expect(DI_TIAN_SUI_GAN['丙'].endsWith('虎马犬乡，甲木若来，必当焚灭。')).toBe(true)
  })
})

describe('the rules reading', () => {
  it('gives a year its 干支: 1984 甲子, 2024 甲辰, 2026 丙午 (香港天文台年历)', () => {
    expect(yearGanZhi(1984)).toBe('甲子')
    expect(yearGanZhi(2024)).toBe('甲辰')
    expect(yearGanZhi(2026)).toBe('丙午')
    expect(yearGanZhi(1900)).toBe('庚子')
  })

  it("reads a woman's chart with the 夫星 and the 大运 of the year asked", () => {
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
