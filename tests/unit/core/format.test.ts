import {
  chinaDateTime,
  chinaDayStart,
  chinaMonthRange,
  chinaNow,
  chinaStamp,
  chinaToday,
  fromChinaClock
} from '../../../contract/china-time'
import { formatDate, formatFen, formatWan, relativeTime, timeRange, toDate } from '../../../src/core/format'

// Expected values of formatWan follow the rule text of docs/spec.md §5 (">= 100万 0 decimals, >= 10万 1,
// otherwise 2, trailing zeros trimmed, invalid 0万") and the worked examples of the product brief.
describe('formatWan', () => {
  it.each([
    [12345, '1.23万'],
    [123456, '12.3万'],
    [1234567, '123万'],
    [100000, '10万'],
    [10000, '1万'],
    [0, '0万'],
    ['abc', '0万']
  ])('%p -> %p (docs/spec.md §5 examples)', (input, expected) => {
    expect(formatWan(input)).toBe(expected)
  })

  it.each([
    // just below 10万: two decimals; rounding can carry it to 10万
    [99990, '10万'],
    [99940, '9.99万'],
    [99949, '9.99万'],
    // exactly 10万 and just above: one decimal
    [100001, '10万'],
    [105000, '10.5万'],
    [999499, '99.9万'],
    // just below 100万 rounds up to 100 with one decimal; from 100万: no decimals
    [999999, '100万'],
    [1000000, '100万'],
    [1004999, '100万'],
    [1005000, '101万'],
    // trailing zeros trimmed
    [12000, '1.2万'],
    [120000, '12万'],
    // half up in decimal: 1.005万 must not become 1.00万 through binary floating point
    [10050, '1.01万'],
    [12345.678, '1.23万'],
    // small counts vanish to 0万 at two decimals
    [49, '0万'],
    [50, '0.01万']
  ])('boundary %p -> %p', (input, expected) => {
    expect(formatWan(input)).toBe(expected)
  })

  it.each([
    ['12345', '1.23万'],
    [' 1234567 ', '123万'],
    ['', '0万'],
    [null, '0万'],
    [undefined, '0万'],
    [NaN, '0万'],
    [Infinity, '0万'],
    [{}, '0万']
  ])('input %p -> %p (numeric text counts, anything else is invalid)', (input, expected) => {
    expect(formatWan(input)).toBe(expected)
  })

  it('keeps the sign of a negative count', () => {
    expect(formatWan(-12345)).toBe('-1.23万')
    expect(formatWan(-1234567)).toBe('-123万')
    expect(formatWan(-10)).toBe('0万')
  })
})

describe('relativeTime (docs/spec.md §9)', () => {
  const now = new Date(Date.UTC(2024, 4, 20, 4, 0, 0)) // 12:00 in China
  const ago = (ms: number) => new Date(now.getTime() - ms)
  const s = 1000
  const min = 60 * s
  const h = 60 * min
  const d = 24 * h

  it.each([
    [0, '刚刚'],
    [5 * min - s, '刚刚'],
    [5 * min, '5分钟前'],
    [59 * min + 59 * s, '59分钟前'],
    [h, '1小时前'],
    [23 * h + 59 * min, '23小时前'],
    [d, '1天前'],
    [29 * d + 23 * h, '29天前'],
    [30 * d, '2024-04-20'],
    [400 * d, '2023-04-16']
  ])('%p ms ago -> %p', (ms, expected) => {
    expect(relativeTime(ago(ms), now)).toBe(expected)
  })

  it('treats a time slightly in the future as just now and an invalid one as empty', () => {
    expect(relativeTime(new Date(now.getTime() + 10 * s), now)).toBe('刚刚')
    expect(relativeTime('not a date', now)).toBe('')
  })

  it('accepts seconds, milliseconds and server date strings', () => {
    const then = ago(2 * h)
    expect(relativeTime(Math.floor(then.getTime() / 1000), now)).toBe('2小时前')
    expect(relativeTime(then.getTime(), now)).toBe('2小时前')
    expect(relativeTime('2024-05-20 11:00:00', now)).toBe('1小时前')
  })
})

describe('formatDate', () => {
  const date = new Date(Date.UTC(2024, 0, 5, 0, 3, 9)) // 08:03:09 in China
  it('defaults to yyyy-mm-dd and pads', () => {
    expect(formatDate(date)).toBe('2024-01-05')
  })
  it('formats hours, minutes (MM) and seconds', () => {
    expect(formatDate(date, 'yyyy年mm月dd日 hh:MM:ss')).toBe('2024年01月05日 08:03:09')
  })
  it('reads "yyyy-mm-dd hh:mm:ss" as China time and rejects nonsense', () => {
    expect(toDate('2024-01-05 08:03:09')?.getTime()).toBe(date.getTime())
    expect(formatDate('2024-13-45x')).toBe('')
  })
})

describe('business times are China time on any phone', () => {
  it('an instant reads as a China clock shows it, across the date line of UTC', () => {
    expect(formatDate('2026-05-01T01:00:00Z', 'yyyy-mm-dd hh:MM')).toBe('2026-05-01 09:00')
    expect(formatDate('2026-04-30T17:30:00Z', 'yyyy-mm-dd hh:MM')).toBe('2026-05-01 01:30')
  })
  it('a class range names the zone', () => {
    expect(timeRange('2026-05-01T01:00:00Z', '2026-05-01T09:00:00Z')).toBe('2026-05-01 09:00 - 17:00（北京时间）')
  })
  it("now and today are China's", () => {
    const lateUtc = Date.UTC(2026, 0, 1, 17, 5) // 01:05 on 2 January in China
    expect(chinaNow(lateUtc)).toBe('2026-01-02 01:05')
    expect(chinaToday(lateUtc)).toBe('2026-01-02')
    expect(fromChinaClock(2026, 1, 2, 1, 5).getTime()).toBe(lateUtc)
  })
  it("order numbers, export dates, days and months are China's too", () => {
    const lateUtc = Date.UTC(2025, 11, 31, 16, 30, 5) // 00:30:05 on 1 January 2026 in China
    expect(chinaStamp(lateUtc)).toBe('20260101003005')
    expect(chinaDateTime(lateUtc)).toBe('2026-01-01 00:30:05')
    expect(chinaDayStart('2026-01-01').toISOString()).toBe('2025-12-31T16:00:00.000Z')
    expect(chinaDayStart(new Date(lateUtc)).toISOString()).toBe('2025-12-31T16:00:00.000Z')
    expect(chinaMonthRange('2025-12').map((d) => d.toISOString())).toEqual([
      '2025-11-30T16:00:00.000Z',
      '2025-12-31T16:00:00.000Z'
    ])
  })
})

describe('formatFen', () => {
  it.each([
    [1280, '¥12.80'],
    [5, '¥0.05'],
    [0, '¥0.00'],
    [100000, '¥1000.00'],
    [-50, '-¥0.50'],
    ['1999', '¥19.99'],
    ['x', '¥0.00']
  ])('%p -> %p', (fen, expected) => {
    expect(formatFen(fen)).toBe(expected)
  })
})
