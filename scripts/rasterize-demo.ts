/**
 * Draws each demo picture in server/static/demo/ (SVG, kept as the source) into a PNG beside it, which
 * the demo data uses. A browser turns every SVG picture into a document of its own, laid out with its
 * fonts on the page's main thread (10-50 ms each on a phone, a few dozen on the home); a PNG is decoded
 * off it. Needs Chromium, a CJK font and pngquant:
 *   apt-get install -y chromium fonts-wqy-microhei pngquant && npx tsx scripts/rasterize-demo.ts
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

import { chromium } from 'playwright-core'

const DIR = path.resolve(__dirname, '../server/static/demo')
/**
 * Kept as SVG: the home's first banner is drawn from the top of the page (src/index.html), where its
 * 1.5 KB arrives far sooner than a 17-25 KB picture would, and is laid out before the first paint.
 */
const KEEP_SVG = new Set(['banners/bazi.svg'])

async function main() {
  const svgs = fs
    .readdirSync(DIR, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.svg') && !KEEP_SVG.has(f))
    .sort()
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium' })
  const page = await browser.newPage()
  for (const file of svgs) {
    const svg = fs.readFileSync(path.join(DIR, file), 'utf8')
    const [, w, h] = /<svg[^>]*\swidth="(\d+)"[^>]*\sheight="(\d+)"/.exec(svg) ?? []
    if (!w || !h) throw new Error(`${file}: the <svg> gives no width and height`)
    await page.setViewportSize({ width: Number(w), height: Number(h) })
    await page.setContent(`<body style="margin:0">${svg}</body>`)
    const png = path.join(DIR, file.replace(/\.svg$/, '.png'))
    fs.writeFileSync(png, await page.screenshot({ omitBackground: true }))
    // 256 colours at most, dithered: the gradients stay smooth at a fraction of the bytes.
    try {
      execFileSync('pngquant', ['--force', '--skip-if-larger', '--speed=1', '--quality=70-95', '--ext=.png', png])
    } catch (e) {
      // 98 and 99: no smaller file within that quality; the full-colour PNG stays.
      if (![98, 99].includes((e as { status?: number }).status ?? 0)) throw e
    }
  }
  await browser.close()
  console.log(`${svgs.length} pictures drawn`)
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
