import Taro from '@tarojs/taro'
import { cleanup as cleanupPlate, fireEvent } from '@testing-library/react'

import Plate from '../../src/pages/bazi/plate'
import { renderPage, settle } from './render'

/*
 * Reference chart 1990-05-15 14:30, male, Beijing: 庚午 辛巳 庚辰 癸未 with 大运 from 壬午 forward, as
 * published for this birth by professional charting tools (问真八字, 元亨利贞网 排盘) and given in the
 * product's acceptance criteria. Year pillars of 流年 are the civil-calendar 干支 of each year
 * (2007 丁亥, 2020 庚子), the 流月 stems follow 五虎遁 (《渊海子平》: 乙庚之岁戊为头 → 2020 正月 戊寅),
 * and 2020's 立春 is 02-04 17:03 Beijing time (Hong Kong Observatory).
 */
const QUERY = {
  date: '1990-05-15%2014:30',
  gender: 'male',
  calendar: 'solar',
  lng: '116.4',
  tst: '1',
  zi: 'next-day',
  name: '%E5%BC%A0%E4%B8%89'
}

const cellText = (container: HTMLElement, row: string) =>
  [...container.querySelectorAll(`[data-row="${row}"] .pillars__cell`)].map((c) => c.textContent)

async function renderPlate(params: Record<string, string> = QUERY) {
  return renderPage(Plate, { route: 'pages/bazi/plate', params, depth: 2 })
}

describe('pages/bazi/plate', () => {
  it('shows the four pillars 庚午 辛巳 庚辰 癸未 of the reference birth, with the name from the query', async () => {
    const { container } = await renderPlate()
    const stems = cellText(container, '天干')
    const branches = cellText(container, '地支')
    expect(stems.map((s, i) => s! + branches[i]).join(' ')).toBe('庚午 辛巳 庚辰 癸未')
    expect(container.querySelector('.plate__name')?.textContent).toBe('张三')
    expect(container.querySelector('.nav-bar__title')?.textContent).toBe('八字命盘')
  })

  it('shows 十神, 藏干 with their 十神, 纳音 and 空亡 of each pillar', async () => {
    const { container } = await renderPlate()
    // 十神 from the day master 庚 (《渊海子平》「论十神」): 庚 比肩, 辛 劫财, 癸 伤官
    expect(cellText(container, '主星')).toEqual(['比肩', '劫财', '日主·元男', '伤官'])
    // 午 hides 丁 己 (《渊海子平》「人元司事」): 丁 正官, 己 正印 for a 庚 day
    expect(cellText(container, '藏干')[0]).toBe('丁火正官己土正印')
    // 纳音 (《三命通会》「论纳音取象」): 庚午 路旁土, 辛巳 白蜡金, 庚辰 白蜡金, 癸未 杨柳木
    expect(cellText(container, '纳音')).toEqual(['路旁土', '白蜡金', '白蜡金', '杨柳木'])
    // 旬空: 庚午 in 甲子旬 → 戌亥; 辛巳 庚辰 癸未 in 甲戌旬 → 申酉
    expect(cellText(container, '空亡')).toEqual(['戌亥', '申酉', '申酉', '申酉'])
    expect(container.querySelectorAll('.wuxing__bar-row')).toHaveLength(5)
  })

  it('runs the 大运 from 壬午; choosing a 大运 shows its 流年, a 流年 its 流月 and the clashes with the chart', async () => {
    const { container } = await renderPlate()
    const daYun = [...container.querySelectorAll('.luck__item--dayun')]
    expect(daYun.map((d) => d.getAttribute('data-ganzhi')).slice(0, 3)).toEqual(['壬午', '癸未', '甲申'])

    fireEvent.click(daYun[1])
    await settle()
    const years = [...container.querySelectorAll('.luck__item--year')]
    expect(years[0].textContent).toContain('丁亥')
    expect(years[0].getAttribute('data-year')).toBe('2007')

    // 2020 庚子 lies in the third 大运 甲申
    fireEvent.click(daYun[2])
    await settle()
    fireEvent.click(container.querySelector('[data-year="2020"]')!)
    await settle()
    const months = [...container.querySelectorAll('.luck__month')]
    expect(months).toHaveLength(12)
    expect(months[0].getAttribute('data-month')).toBe('戊寅')
    expect(months[0].textContent).toContain('2/4')
    // 子午相冲 (《三命通会》「论地支六冲」): 流年子 against the year branch 午
    expect(container.querySelector('.luck')!.textContent).toContain('年支午、流年支子')
  })

  it('a saved record (record_id in the query) says it is saved and offers no second save', async () => {
    const { container } = await renderPlate({ ...QUERY, record_id: '7' })
    expect(container.querySelector('.plate__saved')?.textContent).toBe('已保存')
    expect(container.querySelector('.save-record__button')).toBeNull()
    expect([...container.querySelectorAll('.plate__action')].map((a) => a.textContent)).toContain('详批报告')
    cleanupPlate()
    const unsaved = await renderPlate()
    expect(unsaved.container.querySelector('.save-record__button')?.textContent).toBe('保存档案')
    expect(unsaved.container.querySelector('.plate__saved')).toBeNull()
  })

  it('charts three pillars for a date without an hour, with the hour column 不详 and what cannot be said', async () => {
    const { container } = await renderPlate({
      date: '1990-05-15',
      gender: 'male',
      calendar: 'solar',
      tst: '0',
      zi: 'next-day'
    })
    const stems = cellText(container, '天干')
    const branches = cellText(container, '地支')
    expect(
      stems
        .slice(0, 3)
        .map((s, i) => s! + branches[i])
        .join(' ')
    ).toBe('庚午 辛巳 庚辰')
    expect([stems[3], branches[3]]).toEqual(['不', '详'])
    expect(container.querySelector('.plate__notice')?.textContent).toContain('不能定：时柱、命宫、身宫、小运')
    expect([...container.querySelectorAll('.plate__palace-label')].map((l) => l.textContent)).toEqual(
      expect.arrayContaining(['胎元', '胎息', '命宫', '需出生时辰'])
    )
    const daYun = [...container.querySelectorAll('.luck__item--dayun')]
    expect(daYun.map((d) => d.getAttribute('data-ganzhi')).slice(0, 3)).toEqual(['壬午', '癸未', '甲申'])
    expect(container.querySelector('.save-record__button')).toBeNull()
  })

  it('says what is wrong with an impossible chart and offers to re-enter', async () => {
    const { container } = await renderPlate({ date: '1990-02-30%2010:00', gender: 'male' })
    expect(container.querySelector('[role="alert"]')?.textContent).toContain('1990年2月只有28天')
    expect(container.textContent).toContain('重新输入出生信息')
  })

  it('refuses a chart without a gender, naming it', async () => {
    const { container } = await renderPlate({ date: '1990-05-15%2014:30' })
    expect(container.querySelector('[role="alert"]')?.textContent).toContain('性别')
  })

  // 起运 of 2024-03-01 12:00, male (甲辰, 阳年男 forward to 惊蛰 2024-03-05 10:22, printed with its minute cut;
  // the Hong Kong Observatory rounds the same moment to 10:23): 3 days 22 h 22 min. 三天一岁 by whole days and
  // 时辰 gives 1 年 3 个月 20 天, 交运 2025-06-21 12:00; counted to the minute, 1 年 3 个月 21 天 22 小时 (the
  // engine's cases in tests/unit/metaphysics/bazi.test.ts).
  const SPRING = { date: '2024-03-01%2012:00', gender: 'male', calendar: 'solar', zi: 'next-day', tst: '0' }

  it('states its conventions, and a tap on another 起运 method opens the chart drawn with it', async () => {
    const redirect = jest.spyOn(Taro, 'redirectTo').mockResolvedValue(undefined as never)
    const { container } = await renderPlate(SPRING)
    const text = (selector: string) => container.querySelector(selector)?.textContent ?? ''
    expect(text('.luck__qiyun')).toContain('出生后1年3个月20天起运')
    expect(text('.luck__jiaoyun')).toBe('交运 2025-06-21 12:00 · 以惊蛰计 · 三天一岁')
    const conventions = text('.conventions')
    expect(conventions).toContain('未选出生地，按北京时间')
    expect(conventions).toContain('出生时当地未实行夏令时')
    expect(conventions).toContain('起运以惊蛰 2024-03-05 10:22 计')
    expect(container.querySelector('[data-name="convention-yun"] [aria-checked="true"]')?.textContent).toBe('三天一岁')
    // No place: nothing to correct, so no switch for it.
    expect(container.querySelector('[data-name="convention-tst"]')).toBeNull()

    fireEvent.click(container.querySelector('[data-name="convention-yun"] [data-value="minute"]')!)
    await settle()
    const url = (redirect.mock.calls[0][0] as { url: string }).url
    expect(url).toMatch(/^\/pages\/bazi\/plate\?.*yun=minute/)
    cleanupPlate()

    const query = Object.fromEntries(new URLSearchParams(url.split('?')[1]).entries())
    const exact = await renderPlate({ ...query, date: encodeURIComponent(query.date) })
    expect(exact.container.querySelector('.luck__qiyun')?.textContent).toContain('出生后1年3个月21天22小时起运')
    expect(exact.container.querySelector('.luck__jiaoyun')?.textContent).toContain('精确到分')
    redirect.mockRestore()
  })

  it('says summer time was taken off a birth under China’s 1986-1991 summer time (1990: 4-15 to 9-16)', async () => {
    const { container } = await renderPlate()
    expect(container.querySelector('.conventions')?.textContent).toContain('出生时当地实行夏令时，已扣除 60 分钟')
    expect(container.querySelector('[data-name="convention-tst"] [aria-checked="true"]')?.textContent).toBe('校正')
  })

  it('shows the 小运 of the years before the first 大运, from the hour pillar', async () => {
    const { container } = await renderPlate()
    // 时柱 癸未, 阳年男 forward: 甲申 in 1990 (虚岁 1), then 乙酉; they end where the 大运 壬午 begins.
    const xiao = [...container.querySelectorAll('.luck__item--xiaoyun')]
    expect(xiao.slice(0, 2).map((x) => x.getAttribute('data-ganzhi'))).toEqual(['甲申', '乙酉'])
    expect(xiao[0].textContent).toContain('1990')
    const firstDaYun = container.querySelector('.luck__item--dayun .luck__year')?.textContent
    expect(xiao[xiao.length - 1].textContent).toContain(String(Number(firstDaYun) - 1))
  })
})
