/**
 * One decision everywhere: every 喜 / 忌 / 用神 the free reading, the paid report and the AI facts name
 * must be the one baziAnalysis made. The sentences are read back with the patterns the writers use.
 */
import { chartFacts } from '../../server/modules/reading/prompt'
import { composeReport } from '../../server/modules/reading/report/content'
import { rulesReading } from '../../server/modules/reading/rules'
import { baziAnalysis, baziChart, type WuXing } from '../../src/metaphysics/bazi'

const E = '[木火土金水]'
const list = (s: string): WuXing[] => (s.match(new RegExp(E, 'g')) ?? []) as WuXing[]

/** Every element a text calls 用神, 喜 or 忌, by the patterns the writers use. */
function claims(text: string): { yong: WuXing[]; xi: WuXing[]; ji: WuXing[] } {
  const out = { yong: [] as WuXing[], xi: [] as WuXing[], ji: [] as WuXing[] }
  const each = (re: RegExp, into: WuXing[], group = 1) => {
    for (const m of text.matchAll(re)) into.push(...list(m[group]))
  }
  each(new RegExp(`用神(?:为)?(${E})`, 'g'), out.yong)
  each(new RegExp(`（(${E})）即本局用神`, 'g'), out.yong)
  each(new RegExp(`（(${E})）为用`, 'g'), out.yong)
  each(new RegExp(`喜(?:神：)?(${E}(?:[、]?${E})*)`, 'g'), out.xi)
  each(new RegExp(`忌(?:神：)?(${E}(?:[、]?${E})*)`, 'g'), out.ji)
  each(new RegExp(`喜((?:[^，。；（]{1,3}（${E}）、?)+)`, 'g'), out.xi)
  each(new RegExp(`忌((?:[^，。；（]{1,3}（${E}）、?)+)`, 'g'), out.ji)
  each(new RegExp(`(${E})为喜用`, 'g'), out.xi)
  each(new RegExp(`（(${E})）为本局喜神`, 'g'), out.xi)
  each(new RegExp(`(${E})为忌神`, 'g'), out.ji)
  each(new RegExp(`（(${E})）在本局为忌`, 'g'), out.ji)
  return out
}

let seed = 20240513
const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648
const pad = (n: number) => String(n).padStart(2, '0')

describe('喜忌 agree across the reading, the report and the AI facts', () => {
  it('reads every way the writers name 喜 and 忌', () => {
    expect(
      claims(
        '用神水，喜土、金，忌火、木。甲（木）为本局喜神；取食伤（水）为用，喜比劫（金），忌印（土）、财（木）；火为忌神'
      )
    ).toEqual({
      yong: ['水', '水'],
      xi: ['土', '金', '金', '木'],
      ji: ['火', '木', '土', '木', '火']
    })
  })
  it('for 200 random charts', () => {
    let checked = 0
    for (let i = 0; i < 200; i++) {
      const date =
        `${1930 + Math.floor(rnd() * 100)}-${pad(1 + Math.floor(rnd() * 12))}-` +
        `${pad(1 + Math.floor(rnd() * 28))} ${pad(Math.floor(rnd() * 24))}:${pad(Math.floor(rnd() * 60))}`
      const chart = baziChart({ date, gender: rnd() < 0.5 ? 'male' : 'female' })
      const { yongShen } = baziAnalysis(chart)
      const report = composeReport(chart, '', 2026)
      const texts = [
        ...rulesReading(chart, 2026).flatMap((s) => s.paragraphs),
        ...report.summary,
        ...report.sections.flatMap((s) => s.paragraphs),
        ...report.da_yun.flatMap((d) => d.paragraphs),
        ...report.liu_nian.flatMap((y) => [...y.paragraphs, ...(y.months ?? []).map((m) => m.note)]),
        chartFacts(chart, 2026)
      ]
      const said = claims(texts.join('\n'))
      const context =
        `${date} ${chart.gender} ${yongShen.method} 用${yongShen.yong} 喜${yongShen.xi.join('')} ` +
        `忌${yongShen.ji.join('')}`
      expect([context, [...new Set(said.yong)]]).toEqual([context, [yongShen.yong]])
      expect([context, said.xi.filter((x) => x !== yongShen.yong && !yongShen.xi.includes(x))]).toEqual([context, []])
      expect([context, said.ji.filter((x) => !yongShen.ji.includes(x))]).toEqual([context, []])
      checked += said.xi.length + said.ji.length
    }
    expect(checked).toBeGreaterThan(2000)
  })
})
