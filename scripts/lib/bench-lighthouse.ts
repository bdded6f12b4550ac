import { execFile } from 'node:child_process'
import { promisify } from 'node:util'

const run = promisify(execFile)
// Pinned, fetched by npx from the npm registry when the bench runs: it is ~185 MB, kept out of the
// project's install.
const LIGHTHOUSE = 'lighthouse@12.8.2'
const CHROME_FLAGS =
  '--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking ' +
  '--disable-component-update --disable-sync'

/** Lighthouse's mobile performance score of the H5 home (its default: a mid-range phone on slow 4G). */
export async function benchLighthouse(url: string) {
  try {
    const { stdout } = await run(
      'npx',
      [
        '--yes',
        LIGHTHOUSE,
        `${url}/#/`,
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
      audits: Record<string, { displayValue?: string }>
    }
    const a = (id: string) => report.audits[id]?.displayValue ?? '?'
    console.log(
      `Lighthouse mobile performance for #/: ${Math.round(report.categories.performance.score * 100)}   ` +
        `yardstick >= 90` +
        `   (FCP ${a('first-contentful-paint')}, LCP ${a('largest-contentful-paint')}, TBT ` +
        `${a('total-blocking-time')}, CLS ${a('cumulative-layout-shift')})`
    )
  } catch (e) {
    console.log(`Lighthouse: not measured (${(e as Error).message.split('\n')[0]})`)
  }
}
