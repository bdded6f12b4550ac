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
import zlib from 'node:zlib'

import { openSync } from 'fontkit'
import { chromium } from 'playwright-core'

import { outlineSvgText } from './lib/outline-svg-text'

const DIR = path.resolve(__dirname, '../server/static/demo')
/**
 * Kept as SVG, its text drawn as outlines (x.outlined.svg): the home's first banner is drawn from the top
 * of the page (src/index.html), where its ~4 KB (compressed) arrives far sooner than a 17-25 KB picture
 * would. Its text as text cost more main thread than the rest of the picture (docs/design.md).
 */
const OUTLINE = new Set(['banners/bazi.svg'])
const FONT = '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc'

async function main() {
  const svgs = fs
    .readdirSync(DIR, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.svg') && !f.endsWith('.outlined.svg'))
    .sort()
  const font = openSync(FONT, 'WenQuanYiMicroHei')
  for (const file of svgs.filter((f) => OUTLINE.has(f))) {
    const outlined = outlineSvgText(fs.readFileSync(path.join(DIR, file), 'utf8'), font)
    const target = path.join(DIR, file.replace(/\.svg$/, '.outlined.svg'))
    fs.writeFileSync(target, outlined)
    // Compressed copies, which the server sends to browsers that take them (server/static-files.ts).
    fs.writeFileSync(`${target}.br`, zlib.brotliCompressSync(outlined))
    fs.writeFileSync(`${target}.gz`, zlib.gzipSync(outlined, { level: 9 }))
  }
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium' })
  const page = await browser.newPage()
  for (const file of svgs.filter((f) => !OUTLINE.has(f))) {
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
  console.log(`${svgs.length} pictures drawn, ${OUTLINE.size} with text outlined`)
}

main().catch((e) => {
  console.error(e)
  process.exit(1)
})
