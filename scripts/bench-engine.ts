/**
 * Median timings of the engine's heavy calls (bazi with 大运/流年/神煞, the report's 格局/调候/用神 analysis,
 * the 紫微斗数 plate, qimen, the almanac grid). Used by the
 * project's bench; run alone with `npx tsx scripts/bench-engine.ts`.
 */
import { almanacMonth } from '../src/metaphysics/almanac'
import { baziAnalysis, baziChart } from '../src/metaphysics/bazi'
import { dailyFortune } from '../src/metaphysics/daily'
import { qimenChart } from '../src/metaphysics/qimen'
import { ziweiChart } from '../src/metaphysics/ziwei'

export interface BenchResult {
  name: string
  medianMs: number
  runs: number
}

const RUNS = 2000
const WARMUP = 200

/** Birth times spread over 1950-2030 by a fixed stride, so every run sees a different date. */
const sampleDate = (i: number): string => {
  const ms = Date.UTC(1950, 0, 1) + ((i * 7919 * 3600000) % (80 * 365 * 86400000))
  return new Date(ms).toISOString().slice(0, 16).replace('T', ' ')
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)]
}

const measure = (name: string, run: (i: number) => unknown, runs = RUNS): BenchResult => {
  for (let i = 0; i < Math.min(WARMUP, runs); i++) run(i)
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint()
    run(i)
    times.push(Number(process.hrtime.bigint() - t) / 1e6)
  }
  return { name, medianMs: Math.round(median(times) * 1000) / 1000, runs }
}

export const benchEngine = (): BenchResult[] => {
  const chart = baziChart({ date: '1990-05-15 14:30', gender: 'male' })
  const charts = Array.from({ length: 500 }, (_, i) =>
    baziChart({ date: sampleDate(i), gender: i % 2 ? 'male' : 'female' })
  )
  const results = [
    measure('report analysis (格局/调候/用神)', (i) => baziAnalysis(charts[i % charts.length])),
    measure('bazi chart (大运/流年/神煞)', (i) =>
      baziChart({ date: sampleDate(i), gender: i % 2 ? 'male' : 'female', longitude: 100 + (i % 30) })
    ),
    // a world city's zone: the offset in force comes from Intl (one cached formatter per zone)
    measure('bazi chart with time zone (纽约/香港/新加坡)', (i) =>
      baziChart({
        date: sampleDate(i),
        gender: i % 2 ? 'male' : 'female',
        longitude: [-74.01, 114.17, 103.85][i % 3],
        timeZone: ['America/New_York', 'Asia/Hong_Kong', 'Asia/Singapore'][i % 3]
      })
    ),
    measure(
      '紫微 chart (十二宫/四化/大限流年)',
      (i) => ziweiChart({ date: sampleDate(i), gender: i % 2 ? 'male' : 'female' }),
      500
    ),
    measure('qimen chart (拆补)', (i) => qimenChart({ date: sampleDate(i) })),
    measure('qimen chart (置闰)', (i) => qimenChart({ date: sampleDate(i), method: 'zhirun' })),
    measure('daily fortune', (i) => dailyFortune(chart, sampleDate(i).slice(0, 10))),
    // A month grid is ~10 ms: fewer runs, each a different month.
    measure('almanac 42-day month grid', (i) => almanacMonth(1950 + (i % 80), 1 + (i % 12)), 100)
  ]
  for (const r of results) console.log(`${r.name}: median ${r.medianMs} ms over ${r.runs} runs`)
  return results
}

if (require.main === module) benchEngine()
