import Taro from '@tarojs/taro'
import { fireEvent } from '@testing-library/react'

import BaziInput from '../../src/pages/bazi/bazi'
import { renderPage, settle } from './render'

/*
 * Calendar facts used below: 2023 is not a leap year (February has 28 days); the lunar year 2023
 * has 闰二月 and no 闰四月, and 1990-05-15 is 农历四月廿一 (Hong Kong Observatory, 公历与农历日期对照表).
 */
let navigate: jest.SpyInstance

beforeEach(() => {
  navigate = jest.spyOn(Taro, 'navigateTo').mockResolvedValue(undefined as never)
})
afterEach(() => jest.restoreAllMocks())

const open = () => renderPage(BaziInput, { route: 'pages/bazi/bazi', depth: 2 })
/** Taro's Input is a web component that renders its <input> a moment after mounting. */
const typeInto = async (container: HTMLElement, selector: string, value: string) => {
  for (let i = 0; i < 20 && !container.querySelector(`${selector} input`); i++) await settle(10)
  fireEvent.input(container.querySelector(`${selector} input`)!, { target: { value } })
  await settle()
}
const choose = async (container: HTMLElement, name: string, value: string) => {
  fireEvent.click(container.querySelector(`[data-name="${name}"] [data-value="${value}"]`)!)
  await settle()
}
const submit = async (container: HTMLElement) => {
  fireEvent.click(container.querySelector('.bazi-form__submit')!)
  await settle()
}
const alertText = (container: HTMLElement) =>
  [...container.querySelectorAll('[role="alert"]')].map((a) => a.textContent).join(' ')

describe('pages/bazi/bazi', () => {
  it('submits 1990-05-15 14:30 male to the plate with the birth in the query', async () => {
    const { container } = await open()
    await typeInto(container, '.bazi-form__name', '张三')
    await choose(container, 'gender', 'male')
    await typeInto(container, '.bazi-form__quick', '199005151430')
    expect(container.querySelector('.bazi-form__date')?.textContent).toBe('1990年05月15日')
    expect(container.querySelector('.bazi-form__time')?.textContent).toBe('14:30')
    await submit(container)
    expect(navigate).toHaveBeenCalledTimes(1)
    const url = navigate.mock.calls[0][0].url as string
    expect(url.startsWith('/pages/bazi/plate?')).toBe(true)
    expect(url).toContain('date=1990-05-15%2014%3A30')
    expect(url).toContain('gender=male')
    expect(url).toContain(`name=${encodeURIComponent('张三')}`)
  })

  it('refuses an impossible date with the reason and does not navigate', async () => {
    const { container } = await open()
    await typeInto(container, '.bazi-form__quick', '2023-02-30 10:00')
    expect(alertText(container)).toContain('2023年2月只有28天')
    await submit(container)
    expect(alertText(container)).toContain('出生信息有误')
    expect(navigate).not.toHaveBeenCalled()
  })

  it('refuses a year the calendar cannot reckon, naming the range', async () => {
    const { container } = await open()
    await typeInto(container, '.bazi-form__quick', '188005151430')
    await submit(container)
    expect(alertText(container)).toContain('年份须在1900至2100年之间')
    expect(navigate).not.toHaveBeenCalled()
  })

  it('converts to the lunar calendar and checks the leap month against the year', async () => {
    const { container } = await open()
    await typeInto(container, '.bazi-form__quick', '199005151430')
    await choose(container, 'calendar', 'lunar')
    expect(container.querySelector('.bazi-form__date')?.textContent).toBe('农历1990年四月廿一')

    await typeInto(container, '.bazi-form__quick', '2023-04-10 10:00')
    fireEvent(
      container.querySelector('.bazi-form__leap')!,
      new CustomEvent('change', { detail: { value: true }, bubbles: true })
    )
    await settle()
    expect(alertText(container)).toContain('农历2023年没有闰四月')
    await submit(container)
    expect(navigate).not.toHaveBeenCalled()

    await typeInto(container, '.bazi-form__quick', '2023-02-10 10:00')
    await submit(container)
    expect(navigate).toHaveBeenCalledTimes(1)
    expect(navigate.mock.calls[0][0].url).toContain('calendar=lunar')
    expect(navigate.mock.calls[0][0].url).toContain('leap=1')
  })

  it('charts three pillars when the hour is unknown, saying what that leaves out', async () => {
    const { container } = await open()
    await typeInto(container, '.bazi-form__quick', '199005151430')
    fireEvent.click(container.querySelector('.bazi-form__check')!)
    await settle()
    expect(container.querySelector('.bazi-form__note')?.textContent).toContain('三柱')
    await submit(container)
    expect(navigate).toHaveBeenCalledTimes(1)
    const url = navigate.mock.calls[0][0].url as string
    expect(url).toContain('date=1990-05-15&')
    expect(url).toContain('tst=0')
  })

  it('choosing the birth city from the list turns on true solar time and shows the corrected time', async () => {
    const { container } = await open()
    await typeInto(container, '.bazi-form__quick', '199005151430')
    expect(container.querySelector('.bazi-form__preview-line')?.textContent).toContain('排盘时间')
    fireEvent.click(container.querySelector('.bazi-form__city')!)
    await settle()
    await typeInto(container, '.city-picker', '广州')
    const city = [...container.querySelectorAll('.city-picker__city')].find((c) => c.textContent?.startsWith('广州'))!
    fireEvent.click(city)
    await settle()
    expect(container.querySelector('.city-picker')).toBeNull()
    expect(container.querySelector('.bazi-form__city')?.textContent).toContain('广州')
    // 1990-05-15 falls in China's 1990 summer hour (04-15 to 09-16): 14:30 clock is 13:30 standard
    // time; 广州 lies 6.7° west of 120°E (−27 min) and the equation of time in mid-May is about +4 min.
    const preview = container.querySelector('.bazi-form__preview')!.textContent!
    expect(preview).toMatch(/真太阳时：1990-05-15 13:0[67]/)
    expect(preview).toContain('夏令时 −60 分')
    await submit(container)
    const url = navigate.mock.calls[0][0].url as string
    expect(url).toContain('lng=113.26')
    expect(url).toContain('tst=1')
    expect(url).toContain(`city=${encodeURIComponent('广州')}`)
  })
})
