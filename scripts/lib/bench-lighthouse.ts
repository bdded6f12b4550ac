import { execFile } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'

import { startServer } from '../../tests/e2e/server'

const run = promisify(execFile)
const ROOT = path.resolve(__dirname, '../..')
// Pinned, fetched by npx from the npm registry when the bench runs: it is ~185 MB, kept out of the
// project's install.
const LIGHTHOUSE = 'lighthouse@12.8.2'
// Without paint holding: Lighthouse opens the page in a tab that showed about:blank, and this headless
// Chromium, holding that blank page, often let the new page's first frame through only 1-2 s after it was
// drawn, at random, for both apps (a phone opening a link in WeChat starts a fresh view; docs/design.md).
const CHROME_FLAGS =
  '--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking ' +
  '--disable-component-update --disable-sync --disable-features=PaintHolding,PaintHoldingCrossOrigin'
/** Lighthouse runs of each app, taken in turn so that both see the same moments of a shared machine. */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS || 3)
const EMPTY_APP = path.join(ROOT, 'scripts/empty-taro')

interface Sample {
  score: number
  lcp: number
  tbt: number
  fcp: number
  /** Lighthouse's reading of this machine's CPU speed (its "CPU/Memory Power"). */
  benchmarkIndex: number
}

/**
 * One Lighthouse mobile run (a mid-range phone on slow 4G), performance only. Its CPU slowdown is 4x
 * unless `cpuSlowdown` is given.
 */
async function lighthouse(url: string, cpuSlowdown?: number): Promise<Sample> {
  const { stdout } = await run(
    'npx',
    [
      '--yes',
      LIGHTHOUSE,
      url,
      ...(cpuSlowdown ? [`--throttling.cpuSlowdownMultiplier=${cpuSlowdown.toFixed(2)}`] : []),
      '--only-categories=performance',
      '--output=json',
      '--quiet',
      '--chrome-path=/usr/bin/chromium',
      `--chrome-flags=${CHROME_FLAGS}`
    ],
    { maxBuffer: 64 * 1024 * 1024, env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' }, timeout: 300_000 }
  )
  const report = JSON.parse(stdout) as {
    categories: { performance: { score: number } }
    audits: Record<string, { numericValue?: number }>
    environment?: { benchmarkIndex?: number }
  }
  const n = (id: string) => report.audits[id]?.numericValue ?? NaN
  return {
    score: Math.round(report.categories.performance.score * 100),
    lcp: n('largest-contentful-paint'),
    tbt: n('total-blocking-time'),
    fcp: n('first-contentful-paint'),
    benchmarkIndex: report.environment?.benchmarkIndex ?? NaN
  }
}

/**
 * The CPU slowdown that makes this machine Lighthouse's mid-tier phone, from its benchmark index, by the
 * calibration Lighthouse's own documentation gives (docs/home-vs-empty-taro.md, "The machine matters"):
 * its default 4x is meant for a machine of index ~1,500; a faster one needs more, a slower one less.
 */
export function calibratedSlowdown(benchmarkIndex: number): number {
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500
  return Math.max(1, 1 + (benchmarkIndex - 150) / 650)
}

/**
 * The empty Taro app (scripts/empty-taro) built for H5 (or the mini-program) in a temporary folder with this
 * project's node_modules; kept there between runs while its sources do not change.
 */
export async function buildEmptyApp(type: 'h5' | 'weapp' = 'h5'): Promise<string> {
  const files = fs.readdirSync(EMPTY_APP, { recursive: true, withFileTypes: true }).filter((f) => f.isFile())
  const hash = crypto.createHash('sha1')
  for (const f of files.map((f) => path.join(f.parentPath, f.name)).sort()) hash.update(f).update(fs.readFileSync(f))
  const dir = path.join(os.tmpdir(), `yixue-empty-taro-${type}-${hash.digest('hex').slice(0, 8)}`)
  const dist = path.join(dir, 'dist')
  if (fs.existsSync(path.join(dist, type === 'h5' ? 'index.html' : 'app.json'))) return dist
  fs.rmSync(dir, { recursive: true, force: true })
  fs.cpSync(EMPTY_APP, dir, { recursive: true })
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir')
  await run(path.join(ROOT, 'node_modules/.bin/taro'), ['build', '--type', type], {
    cwd: dir,
    env: { ...process.env, NODE_ENV: 'production', OUTPUT_ROOT: 'dist' },
    maxBuffer: 64 * 1024 * 1024,
    timeout: 900_000
  })
  return dist
}

const ms = (values: number[]) => values.map((v) => Math.round(v))
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
function summary(values: number[], unit = ''): string {
  const sorted = [...values].sort((a, b) => a - b)
  return `${Math.round(median(values))}${unit} (${Math.round(sorted[0])}–${Math.round(sorted[sorted.length - 1])})`
}

/** The yardstick: ours within 10% of the empty app's. */
const MARGIN = 1.1

/** The chance that `count` draws (with replacement) from `values` have a median (as `median` takes it) at most `x`. */
function medianAtMost(values: number[], x: number): number {
  const count = values.length
  const p = values.filter((v) => v <= x).length / count
  if (p === 0 || p === 1) return p
  // The median is at most x when more than half of the draws are: a binomial tail.
  let chance = 0
  let term = (1 - p) ** count // k = 0 of the draws at most x
  for (let k = 0; k <= count; k++) {
    if (k > Math.floor(count / 2)) chance += term
    term = (term * (count - k) * p) / ((k + 1) * (1 - p))
  }
  return Math.min(1, chance)
}

/**
 * How often the verdict `median(ours) <= median(empty) * margin` would hold had the runs come out otherwise:
 * the share of all resamplings of each app's runs (with replacement, as many as were taken) that meet it,
 * computed exactly. A verdict from a few runs of a noisy figure is a coin toss; this says how much of one.
 */
export function chanceMet(ours: number[], empty: number[], margin = MARGIN): number {
  let chance = 0
  let below = 0
  for (const b of [...new Set(empty)].sort((x, y) => x - y)) {
    const atMost = medianAtMost(empty, b)
    chance += (atMost - below) * medianAtMost(ours, b * margin)
    below = atMost
  }
  return chance
}

/** Both apps, RUNS runs each taken in turn, at one CPU slowdown: the figures side by side and the verdict. */
async function compare(title: string, ourUrl: string, emptyUrl: string, cpuSlowdown?: number) {
  const ours: Sample[] = []
  const empty: Sample[] = []
  for (let i = 0; i < RUNS; i++) {
    ours.push(await lighthouse(ourUrl, cpuSlowdown))
    empty.push(await lighthouse(emptyUrl, cpuSlowdown))
  }
  const row = (name: string, s: Sample[]) =>
    `  ${name.padEnd(16)} score ${summary(s.map((x) => x.score)).padEnd(14)} LCP ${summary(
      s.map((x) => x.lcp),
      ' ms'
    ).padEnd(22)} TBT ${summary(
      s.map((x) => x.tbt),
      ' ms'
    ).padEnd(20)} FCP ${summary(
      s.map((x) => x.fcp),
      ' ms'
    )}`
  console.log(`${title}, ${RUNS} runs each, median (range)   yardstick: our LCP and TBT within 10% of the empty app's`)
  console.log(row('our home #/', ours))
  console.log(row('empty Taro app', empty))
  for (const k of ['lcp', 'tbt'] as const) {
    const a = median(ours.map((x) => x[k]))
    const b = median(empty.map((x) => x[k]))
    const chance = chanceMet(
      ours.map((x) => x[k]),
      empty.map((x) => x[k])
    )
    console.log(
      `  ${k.toUpperCase()}: ours ${Math.round(a)} ms against ${Math.round(b)} ms, ` +
        `${b ? `${(((a - b) / b) * 100).toFixed(0)}%` : 'n/a'}, ${a <= b * MARGIN ? 'met' : 'not met'} ` +
        `(met in ${Math.round(chance * 100)}% of resamplings of these runs); every run: ` +
        `${ms(ours.map((x) => x[k])).join(', ')} against ${ms(empty.map((x) => x[k])).join(', ')}`
    )
  }
  // A run's TBT depends on where Lighthouse put its first paint: early, the app's whole start counts;
  // late, little of it (docs/home-vs-empty-taro.md). Each run's pair shows which it was.
  const pairs = (s: Sample[]) => s.map((x) => `${Math.round(x.fcp)}/${Math.round(x.tbt)}`).join(', ')
  console.log(`  FCP/TBT of every run: ours ${pairs(ours)}; empty ${pairs(empty)}`)
  return [...ours, ...empty]
}

/**
 * Lighthouse mobile on the H5 home (#/, with its data from the server) and, in the same run, on an
 * empty Taro 4.1.11 app served by the same server code: score, LCP and TBT side by side, median (range).
 * First at Lighthouse's default CPU slowdown (4x), then at the slowdown that makes this machine its
 * mid-tier phone: the default models a faster phone on a faster machine and a slower one on a slower
 * machine (docs/home-vs-empty-taro.md, "The machine matters").
 */
export async function benchLighthouse(url: string) {
  let emptyDist: string
  try {
    emptyDist = await buildEmptyApp()
  } catch (e) {
    return console.log(`Lighthouse: empty Taro app not built (${(e as Error).message.split('\n')[0]})`)
  }
  const peer = await startServer({ DIST_DIR: emptyDist })
  try {
    const samples = await compare('Lighthouse mobile', `${url}/#/`, `${peer.url}/`)
    const index = median(samples.map((s) => s.benchmarkIndex))
    if (!Number.isFinite(index)) return console.log('Lighthouse: no benchmark index in its reports; no calibrated pass')
    const slowdown = calibratedSlowdown(index)
    await compare(
      `Lighthouse mobile, CPU slowdown ${slowdown.toFixed(1)}x (benchmark index ${Math.round(index)})`,
      `${url}/#/`,
      `${peer.url}/`,
      slowdown
    )
  } catch (e) {
    console.log(`Lighthouse: not measured (${(e as Error).message.split('\n')[0]})`)
  } finally {
    await peer.stop()
  }
}
