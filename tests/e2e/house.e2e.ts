import type { Browser, Page } from 'playwright-core'

import { launchBrowser, logInWithSms, pause, phone, routeOf, screenshot, shown } from './browser'
import { type RunningServer, startServer } from './server'

let server: RunningServer
let browser: Browser

beforeAll(async () => {
  server = await startServer()
  browser = await launchBrowser()
}, 300_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

/**
 * A 2 × 2 24-bit BMP: the browser shows it, the server takes only JPG/PNG/GIF/WebP (BMP file format: 14-byte file
 * header, 40-byte BITMAPINFOHEADER, rows padded to 4 bytes).
 */
function tinyBmp(): Buffer {
  const b = Buffer.alloc(70)
  b.write('BM', 0)
  b.writeUInt32LE(70, 2)
  b.writeUInt32LE(54, 10)
  b.writeUInt32LE(40, 14)
  b.writeInt32LE(2, 18)
  b.writeInt32LE(2, 22)
  b.writeUInt16LE(1, 26)
  b.writeUInt16LE(24, 28)
  b.writeUInt32LE(16, 34)
  b.fill(0xff, 54)
  return b
}

/** A 600 × 400 floor plan drawn as SVG and photographed to PNG, as a phone photo of a plan would be. */
async function floorPlanPng(): Promise<Buffer> {
  const draw = await browser.newPage({ viewport: { width: 600, height: 400 } })
  await draw.setContent(
    `<body style="margin:0"><svg xmlns="http://www.w3.org/2000/svg" width="600" height="400">
    <rect width="600" height="400" fill="#fff"/>` +
      `<rect x="20" y="20" width="560" height="360" fill="none" stroke="#333" stroke-width="8"/>
    <line x1="300" y1="20" x2="300" y2="250" stroke="#333" stroke-width="5"/>` +
      `<line x1="20" y1="250" x2="580" y2="250" stroke="#333" stroke-width="5"/>
    <text x="120" y="140" font-size="28">卧室</text><text x="420" y="140" font-size="28">客厅</text>` +
      `<text x="260" y="330" font-size="28">入户</text></svg></body>`
  )
  const png = await draw.screenshot()
  await draw.close()
  return png
}

async function chooseFile(page: Page, button: string, file: { name: string; mimeType: string; buffer: Buffer }) {
  await shown(page, button).click()
  // Taro's H5 chooseImage asks 拍摄 / 从相册选择 on a phone, then clicks its hidden file input
  const chooser = page.waitForEvent('filechooser')
  await page.getByText('从相册选择', { exact: true }).click()
  await (await chooser).setFiles(file)
}

test('upload a floor plan, fill facing and period, centre the overlay, analyse, find it after a reload', async () => {
  const page = await (await phone(browser)).newPage()
  await page.goto(`${server.url}/#/tools/pages/house/house`)
  await shown(page, '.login-sheet').waitFor()
  await logInWithSms(page, '13700137066')
  await shown(page, '.house-actions .tool-btn').click()
  await page.waitForFunction(() => location.hash.includes('tools/pages/house/upload_type'))
  await pause(page)

  // no type chosen yet; then a file that is not an image is refused with the server's message
  await shown(page, '.house-actions .tool-btn').click()
  await expect(shown(page, '.tool-error').textContent()).resolves.toBe('请先选择图纸类型')
  await shown(page, '[data-type="floorplan"]').click()
  await chooseFile(page, '.house-actions .tool-btn', { name: 'plan.bmp', mimeType: 'image/bmp', buffer: tinyBmp() })
  await expect(shown(page, '.tool-error').textContent()).resolves.toBe('上传失败：只能上传 JPG、PNG、GIF 或 WebP 图片')
  await screenshot(page, 'house-upload_type')

  await chooseFile(page, '.house-actions .tool-btn', {
    name: 'plan.png',
    mimeType: 'image/png',
    buffer: await floorPlanPng()
  })
  await page.waitForFunction(() => location.hash.includes('tools/pages/house/info'))
  await pause(page)

  // the facing's placeholder fits its field at 375px (the how-to has a line of its own)
  const placeholderFits = await page.evaluate(() => {
    const el = [
      ...document.querySelectorAll<HTMLInputElement>('.house-info__facing .weui-input, .house-info__facing input')
    ].find((e) => e.offsetParent)!
    const ctx = document.createElement('canvas').getContext('2d')!
    const style = getComputedStyle(el)
    ctx.font = `${style.fontSize} ${style.fontFamily}`
    return ctx.measureText(el.placeholder).width <= el.clientWidth
  })
  expect(placeholderFits).toBe(true)
  await expect(shown(page, '.house-info__how').textContent()).resolves.toContain('站在屋内面向大门外')

  // info: facing 180° (午向), built 2005 (八运 2004–2023), owner born 1985, male
  await shown(page, '.house-info__facing input').fill('180')
  await shown(page, '.house-info__year input').fill('2005')
  await shown(page, '.house-info__owner input').fill('1985')
  await shown(page, '.house-info__save').click()
  await expect(shown(page, '.house-info__error').textContent()).resolves.toBe('请选择宅主性别')
  await shown(page, '.tool-chip').filter({ hasText: /^男$/ }).click()
  await screenshot(page, 'house-info')
  await shown(page, '.house-info__save').click()
  await page.waitForFunction(() => location.hash.includes('tools/pages/house/layout'))
  await pause(page)

  // layout: tap the plan at 40% across, 60% down to place the centre
  const board = shown(page, '#house-plan-board')
  // the board takes the plan's proportions once the image has loaded (351 px wide on a 375 px phone)
  await page.waitForFunction(
    () =>
      Math.round(document.querySelector('#house-plan-board')!.getBoundingClientRect().height) ===
      Math.round((351 * 400) / 600),
    null,
    { timeout: 5000 }
  )
  // the plan is a private image: shown through a signed link of our API, never a public /uploads/ address
  const planImage = await page.evaluate(() => {
    const img = document.querySelector<HTMLImageElement>('.house-board__image img, img.house-board__image')!
    return { src: img.src, width: img.naturalWidth }
  })
  expect(planImage.src).toMatch(/\/api\/file\.private\/image\?key=\d{6}%2F[0-9a-f]{32}\.png&exp=\d+&sig=/)
  expect(planImage.width).toBe(600)
  const box = (await board.boundingBox())!
  await page.mouse.click(box.x + box.width * 0.4, box.y + box.height * 0.6)
  await page.waitForFunction(
    () => Array.from(document.querySelectorAll('.house-board__slider-value')).some((e) => e.textContent === '40%'),
    null,
    { timeout: 5000 }
  )
  await expect(shown(page, '.house-board__slider-value').first().textContent()).resolves.toBe('40%')
  await expect(shown(page, '.house-board__slider-value').nth(1).textContent()).resolves.toBe('60%')
  await expect(page.locator('.house-board__label:visible').count()).resolves.toBe(9)
  // the 立极 marker leaves the centre palace's label readable
  const centreLabel = (await shown(page, '.house-board__label--centre').boundingBox())!
  const marker = (await shown(page, '.house-board__centre').boundingBox())!
  expect(marker.y + marker.height).toBeLessThanOrEqual(centreLabel.y + 0.5)
  await screenshot(page, 'house-layout')
  await shown(page, '.house-layout__save').click()
  await page.waitForFunction(() => location.hash.includes('tools/pages/house/analysis'))
  await shown(page, '.house-analysis__palaces').waitFor()
  await expect(shown(page, '.tool-text').first().textContent()).resolves.toBe('子山午向（180°）· 8运 · 下卦')
  await expect(page.locator('.house-stars:visible').count()).resolves.toBe(9)
  const resultLabel = (await shown(page, '.house-board__label--centre').boundingBox())!
  const resultMarker = (await shown(page, '.house-board__centre').boundingBox())!
  expect(resultMarker.y + resultMarker.height).toBeLessThanOrEqual(resultLabel.y + 0.5)
  await screenshot(page, 'house-analysis')

  // after a reload the analysis is still there, and listed with my houses
  await page.reload()
  await shown(page, '.house-analysis__bazhai').waitFor()
  await expect(shown(page, '.house-analysis__bazhai').textContent()).resolves.toContain('宅主乾命（西四命）')
  await page.goto(`${server.url}/#/tools/pages/house/house`)
  await shown(page, '.house-list__item').waitFor()
  await expect(shown(page, '.house-list__meta').textContent()).resolves.toBe('户型图 · 8运 · 朝向 180°')
  await screenshot(page, 'house-house')

  await page.goto(`${server.url}/#/tools/pages/lijichi/lijichi`)
  await shown(page, '.lijichi__saved .tool-chip').first().click()
  await shown(page, '#house-plan-board').waitFor()
  expect(routeOf(page)).toBe('tools/pages/lijichi/lijichi')
  // the plan's up is north for a south-facing house drawn front-down: 0° lies in 子 (352.5°–7.5°)
  await expect(shown(page, '.lijichi__result').textContent()).resolves.toContain('罗盘 0.0° · 子山')
  await screenshot(page, 'house-lijichi')
}, 180_000)
