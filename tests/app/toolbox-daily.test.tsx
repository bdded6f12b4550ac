import Taro from '@tarojs/taro'

import { fromChinaClock } from '../../contract/china-time'
import { pickerYears } from '../../src/components/BirthInput/birth-value'
import { DAILY_BIRTH_KEY } from '../../src/tools/daily/birth-store'
import Fortune from '../../src/tools/pages/daily/fortune'
import Gigabit from '../../src/tools/pages/daily/gigabit'
import LuckyColor from '../../src/tools/pages/daily/luckyColor'
import RomanticLuck from '../../src/tools/pages/daily/romanticLuck'
import { pick, tapOn, typeInto } from './events'
import { renderPage } from './render'

// Only the date is fixed: the page's animations and Taro's components keep real timers.
const ONLY_DATE = [
  'setTimeout',
  'clearTimeout',
  'setInterval',
  'clearInterval',
  'setImmediate',
  'clearImmediate',
  'nextTick',
  'queueMicrotask',
  'requestAnimationFrame',
  'cancelAnimationFrame',
  'requestIdleCallback',
  'cancelIdleCallback',
  'hrtime',
  'performance'
] as const
// Days are China's days, whatever the zone the phone (or the test process) is set to.
const onDay = (y: number, m: number, d: number) =>
  jest.useFakeTimers({ now: fromChinaClock(y, m, d, 10, 0), doNotFake: [...ONLY_DATE] })

const BIRTH = { date: '1990-05-15 14:30', calendar: 'solar', leapMonth: false, gender: 'male' }

describe('daily tools', () => {
  beforeEach(() => {
    Taro.removeStorageSync(DAILY_BIRTH_KEY)
    // 2024-06-03 is a 戊戌日 (万年历: 甲辰年 庚午月 戊戌日)
    onDay(2024, 6, 3)
  })
  afterEach(() => jest.useRealTimers())

  it('asks for a birth first, names a missing field, then shows today’s fortune and remembers the birth', async () => {
    const { container } = await renderPage(Fortune, { route: 'tools/pages/daily/fortune', depth: 2 })
    expect(container.querySelector('.daily__ganzhi')!.textContent).toBe('戊戌日')
    expect(container.querySelector('.daily__date')!.textContent).toBe('2024年6月3日')
    expect(container.querySelector('.fortune__score')).toBeNull()
    await tapOn(container, '.birth-input__submit')
    expect(container.querySelector('.birth-input__error')!.textContent).toBe('性别：请选择男或女')

    const years = pickerYears()
    await pick(container, '.birth-input__date', [years.indexOf(1990), 4, 14])
    await pick(container, '.birth-input__time', '14:30')
    await tapOn(container, '.birth-input__male')
    // 1990-05-15 is 农历庚午年四月廿一 (万年历)
    expect(container.querySelector('.birth-input__preview')!.textContent).toBe('即农历一九九〇年四月廿一')
    await tapOn(container, '.birth-input__submit')

    expect(Taro.getStorageSync(DAILY_BIRTH_KEY)).toEqual(BIRTH)
    expect(container.querySelector('.daily__birth')!.textContent).toBe('公历1990年5月15日 14:30 · 男')
    const score = Number(container.querySelector('.daily__big')!.textContent)
    expect(score).toBeGreaterThanOrEqual(0)
    expect(score).toBeLessThanOrEqual(100)
    expect(container.querySelector('.fortune__summary')!.textContent).toContain('今日戊戌日')
    expect(container.querySelectorAll('.daily__area')).toHaveLength(4)
    expect(container.textContent).toContain('幸运数字')
  })

  it('gives the same answer all day and a new day pillar the next day', async () => {
    Taro.setStorageSync(DAILY_BIRTH_KEY, BIRTH)
    const morning = await renderPage(Fortune, { route: 'tools/pages/daily/fortune', depth: 2 })
    const first = morning.container.querySelector('.fortune__score')!.textContent
    morning.unmount()
    jest.useRealTimers()
    onDay(2024, 6, 3)
    jest.setSystemTime(fromChinaClock(2024, 6, 3, 22, 0))
    const evening = await renderPage(Fortune, { route: 'tools/pages/daily/fortune', depth: 2 })
    expect(evening.container.querySelector('.fortune__score')!.textContent).toBe(first)
    evening.unmount()
    jest.setSystemTime(fromChinaClock(2024, 6, 4, 9, 0))
    const next = await renderPage(Fortune, { route: 'tools/pages/daily/fortune', depth: 2 })
    // the day after 戊戌 is 己亥
    expect(next.container.querySelector('.daily__ganzhi')!.textContent).toBe('己亥日')
  })

  it('takes a lunar birth in a leap month, and refuses a leap month the year does not have', async () => {
    const { container } = await renderPage(LuckyColor, { route: 'tools/pages/daily/luckyColor', depth: 2 })
    const years = pickerYears()
    await tapOn(container, '.birth-input__lunar')
    await pick(container, '.birth-input__date', [years.indexOf(2024), 1, 0])
    await tapOn(container, '.birth-input__leap')
    await tapOn(container, '.birth-input__female')
    await tapOn(container, '.birth-input__submit')
    // 2024 (甲辰) has no leap month; 2023 (癸卯) has 闰二月, whose 初一 is 2023-03-22 (万年历)
    expect(container.querySelector('.birth-input__error')!.textContent).toBe('出生日期：农历2024年没有闰二月')
    await pick(container, '.birth-input__date', [years.indexOf(2023), 1, 0])
    expect(container.querySelector('.birth-input__preview')!.textContent).toBe('即公历2023-03-22')
    await tapOn(container, '.birth-input__unknown')
    await tapOn(container, '.birth-input__submit')
    expect(Taro.getStorageSync(DAILY_BIRTH_KEY)).toEqual({
      date: '2023-02-01 12:00',
      calendar: 'lunar',
      leapMonth: true,
      gender: 'female',
      timeUnknown: true
    })
    expect(container.querySelector('.daily__birth')!.textContent).toBe('农历2023年闰二月初一 时辰不详 · 女')
    expect(container.querySelectorAll('.daily__swatch').length).toBeGreaterThanOrEqual(2)
  })

  it('finds the birth place in the city list', async () => {
    const { container } = await renderPage(Gigabit, { route: 'tools/pages/daily/gigabit', depth: 2 })
    await typeInto(container, '.birth-input__search', '广州')
    const city = container.querySelector('.birth-input__city')!
    expect(city.textContent).toContain('广州')
    await tapOn(container, '.birth-input__city')
    expect(container.querySelector('.birth-input__chosen')!.textContent).toMatch(/广州（东经113\.\d\d°）/)
  })

  it('seats the player towards the day’s 财神 unless that direction is a 忌神', async () => {
    Taro.setStorageSync(DAILY_BIRTH_KEY, BIRTH)
    const { container } = await renderPage(Gigabit, { route: 'tools/pages/daily/gigabit', depth: 2 })
    const seat = container.querySelector('.daily__seat--on')!.textContent
    // 通书: 戊己日财神正北 — either the seat is 正北, or the text says why not
    if (seat === '正北') expect(container.textContent).toContain('财神在正北')
    else expect(container.textContent).toContain('财神方正北属命中忌神')
    expect(container.querySelector('.tool-card__title')!.textContent).toBe(`今日宜坐：${seat}`)
  })

  it('shows today’s romance stars', async () => {
    Taro.setStorageSync(DAILY_BIRTH_KEY, BIRTH)
    const { container } = await renderPage(RomanticLuck, { route: 'tools/pages/daily/romanticLuck', depth: 2 })
    const stars = container.querySelector('.romantic .daily__stars')!
    expect(stars.textContent).toMatch(/^★{1,5}☆{0,4}$/)
    expect(stars.textContent).toHaveLength(5)
    expect(container.textContent).toContain('戊戌日')
    // a man's spouse star is 财
    expect(container.textContent).toContain('财星（配偶星）')
  })
})

describe('a remembered birth the engine refuses', () => {
  it('says what is wrong and offers to edit it', async () => {
    // 1850 is before the engine's 1900..2100 range
    Taro.setStorageSync(DAILY_BIRTH_KEY, { ...BIRTH, date: '1850-05-15 14:30' })
    const { container } = await renderPage(Fortune, { route: 'tools/pages/daily/fortune', depth: 2 })
    expect(container.querySelector('[role="alert"]')!.textContent).toBe('年份须在1900至2100年之间')
    await tapOn(container, '.daily__edit')
    expect(container.querySelector('.birth-input')).not.toBeNull()
  })
})
