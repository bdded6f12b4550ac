// Prints the yardsticks: package sizes, H5 initial JS, engine timings, the console's order list over
// 100,000 orders, one notification to 10,000 people, API throughput (embedded database, then PostgreSQL
// with one and two server processes).
// Run after `npm run build:h5` and `npm run build:weapp`. Each part is skipped, with a note, when
// what it measures is not built. DIST_DIR (as for the server) and WEAPP_DIR measure builds made
// elsewhere (OUTPUT_ROOT=... taro build).
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

import { chartOf } from '../server/modules/chart/birth'
import { composeReport } from '../server/modules/reading/report/content'
import { reportPdf } from '../server/modules/reading/report/pdf'
import { launchBrowser } from '../tests/e2e/browser'
import { startServer } from '../tests/e2e/server'
import { benchApi } from './lib/bench-api'
import { benchConsoleOrders } from './lib/bench-console'
import { benchLighthouse } from './lib/bench-lighthouse'
import { benchNotifyFanout } from './lib/bench-notify'
import { benchOrderCenter } from './lib/bench-orders'
import { benchPostgresScaling } from './lib/bench-pg'
import { benchWeappLaunch } from './lib/bench-weapp-launch'
import { type AppJson, weappSizeReport } from './lib/weapp-rules'

const ROOT = path.resolve(__dirname, '..')
const H5_DIR = path.resolve(ROOT, process.env.DIST_DIR || 'dist/h5')
const ADMIN_DIR = path.resolve(ROOT, process.env.ADMIN_DIST_DIR || 'dist/admin')
const WEAPP_DIR = path.resolve(ROOT, process.env.WEAPP_DIR || 'dist/weapp')
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

function weappSizes() {
  const dist = WEAPP_DIR
  if (!fs.existsSync(path.join(dist, 'app.json'))) return console.log('weapp: not built (npm run build:weapp)')
  const app: AppJson = JSON.parse(fs.readFileSync(path.join(dist, 'app.json'), 'utf8'))
  for (const line of weappSizeReport(dist, app).lines) console.log(line)
}

/** The JS a browser fetches to show a page, gzip-compressed as a server would send it. */
async function initialJs(
  url: string,
  page: {
    path: string
    dir: string
    prefix?: string
    name: string
    viewport: { width: number; height: number }
    yardstick: string
  }
) {
  const browser = await launchBrowser()
  try {
    const tab = await browser.newPage({ viewport: page.viewport })
    const scripts = new Set<string>()
    tab.on('response', (res) => {
      if (res.request().resourceType() === 'script' && res.url().startsWith(url))
        scripts.add(new URL(res.url()).pathname)
    })
    await tab.goto(url + page.path, { waitUntil: 'networkidle' })
    let raw = 0
    let gzip = 0
    for (const file of scripts) {
      const body = fs.readFileSync(path.join(page.dir, file.slice(page.prefix?.length ?? 0)))
      raw += body.length
      gzip += zlib.gzipSync(body, { level: 9 }).length
    }
    console.log(`${page.name}: ${scripts.size} files, ${kb(raw)} raw, ${kb(gzip)} gzip   yardstick ${page.yardstick}`)
  } finally {
    await browser.close()
  }
}

const h5InitialJs = (url: string) =>
  initialJs(url, {
    path: '/#/',
    dir: H5_DIR,
    name: 'H5 initial JS for #/',
    viewport: { width: 375, height: 740 },
    yardstick: '<= 150 KB gzip'
  })

/** The console's login page: what loads before anyone logs in. */
async function adminInitialJs(url: string) {
  if (!fs.existsSync(path.join(ADMIN_DIR, 'index.html'))) return console.log('console: not built (npm run build:admin)')
  await initialJs(url, {
    path: '/admin/',
    dir: ADMIN_DIR,
    prefix: '/admin',
    name: 'console initial JS for /admin/',
    viewport: { width: 1280, height: 800 },
    yardstick: '<= 400 KB gzip'
  })
}

/** From opening the shop tab to its first page of goods on screen (median of 5 fresh loads). */
async function shopFirstPage(url: string) {
  const browser = await launchBrowser()
  try {
    const times: number[] = []
    for (let i = 0; i < 5; i++) {
      const page = await browser.newPage({ viewport: { width: 375, height: 740 } })
      const start = Date.now()
      await page.goto(url + '/#/goods/pages/goods/list')
      await page.locator('.goods-card:visible').first().waitFor({ timeout: 30_000 })
      times.push(Date.now() - start)
      await page.close()
    }
    times.sort((a, b) => a - b)
    console.log(`shop tab first page on screen: median ${times[2]} ms of 5 loads   yardstick < 1000 ms`)
  } finally {
    await browser.close()
  }
}

async function engine() {
  const file = path.join(ROOT, 'scripts/bench-engine.ts')
  if (!fs.existsSync(file)) return console.log('engine: scripts/bench-engine.ts not present')
  const { benchEngine } = await import(file)
  await benchEngine()
}

/**
 * The paid report: its text composed from a chart (median over births spread across 1950-2030), and its
 * PDF drawn (the first in the process, fonts read from disk, then the median of the next ones), with the
 * file's size and pages.
 */
async function report() {
  const births = Array.from({ length: 40 }, (_, i) => ({
    gender: i % 2 ? ('female' as const) : ('male' as const),
    date: new Date(Date.UTC(1950, 0, 1) + ((i * 7919 * 3600000) % (80 * 365 * 86400000)))
      .toISOString()
      .slice(0, 16)
      .replace('T', ' ')
  }))
  const charts = births.map(chartOf)
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
  const timed = async <T>(run: () => T | Promise<T>): Promise<[number, T]> => {
    const t = performance.now()
    const out = await run()
    return [performance.now() - t, out]
  }
  for (let i = 0; i < 20; i++) composeReport(charts[i % charts.length], '命主', 2026)
  const textMs: number[] = []
  for (let i = 0; i < 200; i++)
    textMs.push((await timed(() => composeReport(charts[i % charts.length], '命主', 2026)))[0])
  console.log(`paid report text: median ${median(textMs).toFixed(2)} ms of 200   yardstick <= 20 ms`)
  const input = (i: number) => ({
    id: i + 1,
    name: '命主',
    birth: births[i],
    content: composeReport(charts[i], '命主', 2026),
    chart: charts[i],
    paidAt: new Date()
  })
  const [firstMs, first] = await timed(() => reportPdf(input(0)))
  const pdfMs: number[] = []
  for (let i = 1; i <= 10; i++) pdfMs.push((await timed(() => reportPdf(input(i))))[0])
  const pages = (first.toString('latin1').match(/\/Type \/Page\b(?!s)/g) ?? []).length
  console.log(
    `paid report PDF: first ${Math.round(firstMs)} ms, then median ${Math.round(median(pdfMs))} ms of 10; ` +
      `${kb(first.length)}, ${pages} A4 pages   yardstick <= 2 s (< 1 MB)`
  )
}

async function main() {
  // `npm run bench -- report`: only the paid report's text and its PDF.
  if (process.argv.includes('report')) return report()
  // `npm run bench -- console`: only the console's order list over 100,000 orders.
  if (process.argv.includes('console')) return benchConsoleOrders()
  // `npm run bench -- orders`: only 全部订单 and 对账 over 100,000 payments of every business type.
  if (process.argv.includes('orders')) return benchOrderCenter()
  // `npm run bench -- notify`: only one notification event fanned out to 10,000 recipients.
  if (process.argv.includes('notify')) return benchNotifyFanout()
  // `npm run bench -- lighthouse`: only the H5 home beside the empty Taro app.
  if (process.argv.includes('lighthouse')) return onlyLighthouse()
  // `npm run bench -- api`: only API throughput, embedded and on PostgreSQL.
  if (process.argv.includes('api')) return onlyApi()
  // `npm run bench -- weapp`: only the mini-program's packages and launch.
  if (process.argv.includes('weapp')) return (weappSizes(), benchWeappLaunch(WEAPP_DIR))
  weappSizes()
  await benchWeappLaunch(WEAPP_DIR)
  await engine()
  await report()
  await benchConsoleOrders()
  await benchOrderCenter()
  await benchNotifyFanout()
  if (!fs.existsSync(path.join(H5_DIR, 'index.html'))) return console.log('H5: not built (npm run build:h5)')
  const server = await startServer()
  let embedded: Awaited<ReturnType<typeof benchApi>>
  try {
    await h5InitialJs(server.url)
    await adminInitialJs(server.url)
    await shopFirstPage(server.url)
    await benchLighthouse(server.url)
    embedded = await benchApi(server.url)
  } finally {
    await server.stop()
  }
  await benchPostgresScaling(embedded)
}

async function onlyApi() {
  const server = await startServer()
  let embedded: Awaited<ReturnType<typeof benchApi>>
  try {
    embedded = await benchApi(server.url)
  } finally {
    await server.stop()
  }
  await benchPostgresScaling(embedded)
}

async function onlyLighthouse() {
  if (!fs.existsSync(path.join(H5_DIR, 'index.html'))) return console.log('H5: not built (npm run build:h5)')
  const server = await startServer()
  try {
    await benchLighthouse(server.url)
  } finally {
    await server.stop()
  }
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
