import Taro from '@tarojs/taro'
import { fireEvent } from '@testing-library/react'

import Detail from '../../src/pages/qmdj/detail'
import Paipan from '../../src/pages/qmdj/paipan'
import { beijingNow } from '../../src/pages/qmdj/qimen-query'
import { renderPage, settle } from './render'

let navigate: jest.SpyInstance
beforeEach(() => {
  navigate = jest.spyOn(Taro, 'navigateTo').mockResolvedValue(undefined as never)
})
afterEach(() => jest.restoreAllMocks())

const text = (el: Element | null) => el?.textContent ?? ''

describe('pages/qmdj/detail', () => {
  /*
   * 2024-06-21 12:00 Beijing time, worked by hand: 夏至 began 04:51 that day (Hong Kong Observatory);
   * the day is 丙辰 (万年历; 2000-01-01 戊午 + 8938 days), so its 符头 is 甲寅 → 中元, and
   * 《烟波钓叟歌》「夏至九三六」 gives 阴遁三局. 甲午 hour: 旬首 甲午 hides under 辛, which the 阴三局
   * 地盘 (戊3 己2 庚1 辛9 …) puts in 离九: 值符 天英 and 值使 景门 stay in palace 9. 甲午旬 is empty
   * at 辰巳 (巽四); the horse of 午 (寅午戌) is 申 (坤二). Pillars: 甲辰年 庚午月 丙辰日 甲午时.
   */
  it('draws the 2024-06-21 12:00 chart: header, four pillars and the nine palaces', async () => {
    const { container } = await renderPage(Detail, {
      route: 'pages/qmdj/detail',
      params: { date: '2024-06-21%2012:00', method: 'chaibu' },
      depth: 2
    })
    expect(text(container.querySelector('.qm-head__ju'))).toBe('阴遁三局')
    const head = text(container.querySelector('.qm-head'))
    for (const part of [
      '中元',
      '夏至',
      '拆补法',
      '旬首甲午（辛）',
      '值符天英 落离九宫',
      '值使景门 落离九宫',
      '空亡辰巳（巽四宫）',
      '马星申（坤二宫）'
    ]) {
      expect(head).toContain(part)
    }
    expect([...container.querySelectorAll('.qm-head__gz')].map(text).join(' ')).toBe('甲辰 庚午 丙辰 甲午')

    const palace = (n: number) => container.querySelector(`.qm-cell[data-palace="${n}"]`)!
    expect(container.querySelectorAll('.qm-cell')).toHaveLength(9)
    expect(text(palace(9).querySelector('.qm-cell__star'))).toBe('天英符')
    expect(text(palace(9).querySelector('.qm-cell__door'))).toBe('景门使')
    expect(text(palace(9).querySelector('.qm-cell__stems--di'))).toBe('辛')
    expect(text(palace(4).querySelector('.qm-cell__marks'))).toBe('空')
    expect(text(palace(2).querySelector('.qm-cell__marks'))).toBe('马')
    // 八神 start from the 值符 palace
    expect(text(palace(9).querySelector('.qm-cell__god'))).toBe('值符')
    // 阴三局: the centre holds 丙 (戊3 己2 庚1 辛9 壬8 癸7 丁6 丙5 乙4)
    expect(text(palace(5).querySelector('.qm-cell__stems'))).toBe('丙')
  })

  it('draws the 置闰 chart when asked (1949-10-01 15:00: 符头甲子 seven days before 寒露 → 寒露上元阴遁六局)', async () => {
    // 寒露 1949-10-08 23:11 (Hong Kong Observatory); 1949-10-01 = 甲子日 (《新编万年历》); 寒露 上元 阴六 (「寒露六九三」)
    const { container } = await renderPage(Detail, {
      route: 'pages/qmdj/detail',
      params: { date: '1949-10-01 15:00', method: 'zhirun' },
      depth: 2
    })
    expect(text(container.querySelector('.qm-head__ju'))).toBe('阴遁六局')
    expect(text(container.querySelector('.qm-head'))).toContain('置闰法')
    expect(text(container.querySelector('.qm-head'))).toContain('寒露')
  })

  it('says what is wrong with an impossible date', async () => {
    const { container } = await renderPage(Detail, {
      route: 'pages/qmdj/detail',
      params: { date: '2024-02-30 10:00' },
      depth: 2
    })
    expect(text(container.querySelector('[role="alert"]'))).toContain('2024年2月只有29天')
  })
})

describe('pages/qmdj/paipan', () => {
  it('draws the chart of now by default, with 拆补法', async () => {
    const { container } = await renderPage(Paipan, { route: 'pages/qmdj/paipan', depth: 2 })
    const before = beijingNow()
    fireEvent.click(container.querySelector('.qm-form__submit')!)
    await settle()
    const url = navigate.mock.calls[0][0].url as string
    expect(url.startsWith('/pages/qmdj/detail?date=')).toBe(true)
    expect(url).toContain('method=chaibu')
    const date = decodeURIComponent(url.split('date=')[1].split('&')[0])
    expect(date >= before && date <= beijingNow()).toBe(true)
  })

  it('draws a chosen date and time with 置闰法', async () => {
    const { container } = await renderPage(Paipan, { route: 'pages/qmdj/paipan', depth: 2 })
    fireEvent.click(container.querySelector('[data-name="when"] [data-value="chosen"]')!)
    await settle()
    fireEvent(
      container.querySelector('.qm-form__date')!,
      new CustomEvent('change', { detail: { value: '2024-06-21' }, bubbles: true })
    )
    await settle()
    fireEvent(
      container.querySelector('.qm-form__time')!,
      new CustomEvent('change', { detail: { value: '12:00' }, bubbles: true })
    )
    await settle()
    fireEvent.click(container.querySelector('[data-name="method"] [data-value="zhirun"]')!)
    await settle()
    fireEvent.click(container.querySelector('.qm-form__submit')!)
    await settle()
    expect(navigate.mock.calls[0][0].url).toBe('/pages/qmdj/detail?date=2024-06-21%2012%3A00&method=zhirun')
  })

  it('refuses a year outside the calendar, with the reason', async () => {
    const { container } = await renderPage(Paipan, { route: 'pages/qmdj/paipan', depth: 2 })
    fireEvent.click(container.querySelector('[data-name="when"] [data-value="chosen"]')!)
    await settle()
    fireEvent(
      container.querySelector('.qm-form__date')!,
      new CustomEvent('change', { detail: { value: '1880-06-21' }, bubbles: true })
    )
    await settle()
    fireEvent.click(container.querySelector('.qm-form__submit')!)
    await settle()
    expect(text(container.querySelector('[role="alert"]'))).toContain('年份须在1900至2100年之间')
    expect(navigate).not.toHaveBeenCalled()
  })
})
