import Huangli from '../../src/pages/tools/huangli'
import { byText, fireTaro, tap } from './events'
import { renderPage } from './render'

const ROUTE = 'pages/tools/huangli'

const open = (params: Record<string, string> = {}) => renderPage(Huangli, { route: ROUTE, params, depth: 2 })
const typeDate = async (container: Element, date: string) => {
  await fireTaro(container.querySelector('.date-bar__input'), 'input', date)
  await tap(container.querySelector('.date-bar__go'))
}

describe('pages/tools/huangli', () => {
  afterEach(() => jest.useRealTimers())

  it('opens on today', async () => {
    jest.useFakeTimers({
      now: new Date(2025, 9, 1, 9, 0),
      doNotFake: ['setTimeout', 'setImmediate', 'nextTick', 'queueMicrotask']
    })
    const { container } = await open()
    expect(container.querySelector('.date-bar__date')?.textContent).toContain('2025-10-01')
    // 2025-10-01 is 国庆节 and 农历八月初十 (中国科学院紫金山天文台《2025年农历》)
    expect(container.querySelector('.day-alm__lunar')?.textContent).toBe('农历八月初十')
    expect(container.querySelector('.month-cal__day--today')?.getAttribute('data-date')).toBe('2025-10-01')
  })

  it('shows 立春 and every almanac field for 2024-02-04', async () => {
    const { container } = await open({ date: '2024-02-04' })
    const text = container.textContent!
    // 2024 立春: 2月4日 16:27 Beijing time (香港天文台《2024年公历与农历对照表》, to the minute); 农历腊月廿五, 戊戌日 (香港天文台 2024 年历)
    expect(container.querySelector('.day-alm__term')?.textContent).toContain('立春')
    expect(container.querySelector('.day-alm__term')?.textContent).toContain('16:27')
    expect(text).toContain('农历腊月廿五')
    expect(text).toContain('戊戌日')
    // 戊戌日冲龙 (壬辰), 煞北 — 冲 is the branch six apart, 煞 of 寅午戌 days is 北 (《协纪辨方书》)
    expect(text).toContain('冲龙(壬辰)')
    expect(text).toContain('煞北')
    for (const key of ['彭祖百忌', '吉神方位', '胎神', '值神', '建除', '二十八宿', '九星', '物候', '时辰吉凶'])
      expect(text).toContain(key)
    // 彭祖百忌 for 戊 and 戌 days (《彭祖百忌》: 戊不受田田主不祥, 戌不吃犬作怪上床)
    expect(text).toContain('戊不受田田主不祥')
    expect(text).toContain('戌不吃犬作怪上床')
    expect(container.querySelectorAll('.day-alm__hour')).toHaveLength(12)
    expect(container.querySelector('.day-alm__list--yi')?.textContent).toMatch(/^宜/)
    expect(container.querySelector('.day-alm__list--ji')?.textContent).toMatch(/^忌/)
  })

  it('steps to the previous and next day', async () => {
    const { container } = await open({ date: '2024-03-01' })
    await tap(container.querySelector('.date-bar__prev'))
    // 2024 is a leap year: the day before 3月1日 is 2月29日
    expect(container.querySelector('.date-bar__date')?.textContent).toContain('2024-02-29')
    await tap(container.querySelector('.date-bar__next'))
    await tap(container.querySelector('.date-bar__next'))
    expect(container.querySelector('.date-bar__date')?.textContent).toContain('2024-03-02')
  })

  it('jumps to a picked or typed date, and names the field for a date out of range', async () => {
    const { container } = await open({ date: '2024-03-01' })
    await fireTaro(container.querySelector('taro-picker-core'), 'change', '2023-01-22')
    // 2023-01-22 is 春节 (农历正月初一)
    expect(container.querySelector('.day-alm__lunar')?.textContent).toBe('农历正月初一')
    expect(container.querySelector('.day-alm__festivals')?.textContent).toContain('春节')
    await typeDate(container, '1899-12-31')
    expect(container.querySelector('.huangli__input-error')?.textContent).toBe('日期有误：年份须在1900至2100年之间')
    expect(container.querySelector('.date-bar__date')?.textContent).toContain('2023-01-22')
    await typeDate(container, '2100-12-31')
    expect(container.querySelector('.huangli__input-error')).toBeNull()
    expect(container.querySelector('.date-bar__date')?.textContent).toContain('2100-12-31')
    await typeDate(container, '明天')
    expect(container.querySelector('.huangli__input-error')?.textContent).toContain('日期格式应为 YYYY-MM-DD')
  })

  it('shows the month with 农历 days, 节气 and festivals, and tapping a day shows it', async () => {
    const { container } = await open({ date: '2024-02-04' })
    expect(container.querySelector('.month-cal__title')?.textContent).toBe('2024年2月')
    // February 2024 starts on a Thursday: a Monday-first grid begins with 2024-01-29
    const days = container.querySelectorAll('.month-cal__day')
    expect(days).toHaveLength(42)
    expect(days[0].getAttribute('data-date')).toBe('2024-01-29')
    const caption = (date: string) => container.querySelector(`[data-date="${date}"] .month-cal__caption`)?.textContent
    expect(caption('2024-02-04')).toBe('立春')
    // 2024-02-10 春节, 2024-02-19 雨水, 2024-02-24 元宵节 (香港天文台 2024 年历)
    expect(caption('2024-02-10')).toBe('春节')
    expect(caption('2024-02-19')).toBe('雨水')
    expect(caption('2024-02-24')).toBe('元宵节')
    await tap(container.querySelector('[data-date="2024-02-10"]'))
    expect(container.querySelector('.date-bar__date')?.textContent).toContain('2024-02-10')
    expect(container.querySelector('.day-alm__lunar')?.textContent).toBe('农历正月初一')
    await tap(byText(container, '.month-cal__nav', '下月 ›'))
    expect(container.querySelector('.month-cal__title')?.textContent).toBe('2024年3月')
  })

  it('shares the day shown', async () => {
    const { container } = await open({ date: '2024-02-04' })
    expect(container.querySelector('.nav-bar__title')?.textContent).toBe('老黄历')
  })
})
