import { breakLines, canBreakAt, NO_LINE_END, NO_LINE_START } from '../../contract/line-break'
import { REPORT_TOPICS } from '../../contract/report'
import { chartOf } from '../../server/modules/chart/birth'
import { composeReport } from '../../server/modules/reading/report/content'

/** Every character one unit wide, as a CJK font draws them. */
const unit = (s: string) => [...s].length

describe('Chinese line breaking', () => {
  it('fills lines to the width and breaks at every newline', () => {
    expect(breakLines('甲乙丙丁戊己庚辛壬癸', unit, 4)).toEqual(['甲乙丙丁', '戊己庚辛', '壬癸'])
    expect(breakLines('甲乙\n\n丙丁', unit, 4)).toEqual(['甲乙', '', '丙丁'])
    expect(breakLines('', unit, 4)).toEqual([''])
  })

  it('never starts a line with a pause, a stop or a closing mark: the last character moves down with it', () => {
    // '甲乙丙丁' fills the line and '，' would open the next one: '丁，' goes down together
    expect(breakLines('甲乙丙丁，戊己。', unit, 4)).toEqual(['甲乙丙', '丁，戊', '己。'])
    for (const ch of '，。、；：？！）》」』】…—')
      for (const line of breakLines(`引用甲${ch}乙丙丁戊己庚${ch}辛壬`, unit, 4).slice(1))
        expect(NO_LINE_START.has([...line][0])).toBe(false)
  })

  it('never ends a line with an opening bracket or quote: it moves down with what it opens', () => {
    expect(breakLines('甲乙丙《穷通宝鉴》', unit, 4)).toEqual(['甲乙丙', '《穷通宝', '鉴》'])
    for (const ch of '（《「『【“')
      for (const line of breakLines(`甲乙丙${ch}丁戊${ch}己庚辛壬癸`, unit, 4).slice(0, -1))
        expect(NO_LINE_END.has([...line].at(-1)!)).toBe(false)
  })

  it('keeps a number or a Latin word whole', () => {
    expect(breakLines('生于公历1990年', unit, 5)).toEqual(['生于公历', '1990年'])
    expect(canBreakAt([...'19'], 1)).toBe(false)
    expect(canBreakAt([...'年1'], 1)).toBe(true)
  })

  it('cuts a line with no allowed break where it is full, and measures with the given widths', () => {
    expect(breakLines('，，，，，，', unit, 4)).toEqual(['，，，，', '，，'])
    // a half-width width function: digits take half a character
    const half = (s: string) => [...s].reduce((n, c) => n + (/\d/.test(c) ? 0.5 : 1), 0)
    expect(breakLines('2026年丙午年', half, 4)).toEqual(['2026年丙', '午年'])
  })

  it('breaks the whole paid report so that no line starts or ends wrongly', () => {
    const content = composeReport(chartOf({ gender: 'female', date: '1985-11-02 06:10' }), '李四', 2026)
    const text = [
      ...content.summary,
      ...content.sections.flatMap((s) => [...s.paragraphs, ...(s.quotes ?? []).map((q) => q.text)]),
      ...content.da_yun.flatMap((d) => d.paragraphs),
      ...content.liu_nian.flatMap((y) => [...y.paragraphs, ...(y.months ?? []).map((m) => m.note)])
    ]
    for (const width of [13, 21, 34])
      for (const p of text) {
        const lines = breakLines(p, unit, width)
        expect(lines.join('')).toBe(p.replace(/\n/g, ''))
        for (const line of lines) expect(unit(line)).toBeLessThanOrEqual(width)
        lines.slice(1).forEach((l) => expect(NO_LINE_START.has([...l][0])).toBe(false))
        lines.slice(0, -1).forEach((l) => expect(NO_LINE_END.has([...l].at(-1)!)).toBe(false))
      }
  })
})

describe('the report outline', () => {
  it('is the list the report composes its sections from', () => {
    const content = composeReport(chartOf({ gender: 'male', date: '1990-05-15 14:30' }), '张三', 2026)
    expect(content.sections.map((s) => [s.key, s.title])).toEqual(REPORT_TOPICS.map((t) => [t.key, t.title]))
  })
})
