import type { Browser, Page } from 'playwright-core'

import { lingqi } from '../../src/metaphysics/lingqi'
import { launchBrowser, phone, routeOf, screenshot } from './browser'
import { type RunningServer, startServer } from './server'

let server: RunningServer
let browser: Browser

beforeAll(async () => {
  server = await startServer()
  browser = await launchBrowser()
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

const TOOLBOX = 'tools/pages/index/index'

async function open(route: string): Promise<Page> {
  const context = await phone(browser)
  const page = await context.newPage()
  await page.goto(`${server.url}/#/${route}`)
  return page
}

const visible = (page: Page, selector: string) => page.locator(`${selector}:visible`)

/** The practitioner tools of the tools package and the title each page shows. */
const OWN_TOOLS: Array<[string, string, string]> = [
  ['tools/pages/luopan/luopan', '罗盘', '.luopan-dial'],
  ['tools/pages/lingqi/lingqi', '灵棋经', '.lingqi-pieces'],
  ['tools/pages/divination/divination', '金钱卦', '.coins'],
  ['tools/pages/daily/fortune', '今日运势', '.daily__today'],
  ['tools/pages/daily/luckyColor', '幸运色', '.daily__today'],
  ['tools/pages/daily/gigabit', '打牌坐向', '.daily__today'],
  ['tools/pages/daily/romanticLuck', '桃花运', '.daily__today']
]

test('the toolbox opens each tool from its grid', async () => {
  const grid = await open(TOOLBOX)
  await grid.waitForSelector('.toolbox__item')
  await screenshot(grid, 'toolbox-index')
  const paths = await visible(grid, '.toolbox__item').evaluateAll((items) =>
    items.map((el) => el.getAttribute('data-path')!)
  )
  await grid.context().close()
  for (const [path] of OWN_TOOLS) expect(paths).toContain(path)
  for (const path of paths) {
    const page = await open(TOOLBOX)
    await visible(page, `[data-path="${path}"]`).click()
    await page.waitForFunction((p) => location.hash.includes(p), path)
    expect(routeOf(page)).toBe(path)
    const own = OWN_TOOLS.find(([p]) => p === path)
    if (own) {
      await page.waitForSelector(own[2], { state: 'visible' })
      await expect(visible(page, '.nav-bar__title').textContent()).resolves.toBe(own[1])
    }
    await page.context().close()
  }
}, 120_000)

test('a divination entered by hand shows its chart', async () => {
  const page = await open('tools/pages/divination/divination')
  await visible(page, '.divination__question input').fill('问近期工作')
  await visible(page, '.divination__mode-hand').click()
  const values = [9, 7, 7, 7, 7, 7]
  for (const [i, v] of values.entries())
    await visible(page, `.hand__line[data-line="${i + 1}"] [data-value="${v}"]`).click()
  await screenshot(page, 'toolbox-divination-hand')
  await visible(page, '.hand__submit').click()
  await page.waitForSelector('.chart__table', { state: 'visible' })
  const names = await visible(page, '.chart__gua-name').allTextContents()
  expect(names).toEqual(['䷀ 乾为天', '䷫ 天风姤'])
  await expect(visible(page, '.chart__row[data-line="1"] .chart__c-ben').textContent()).resolves.toBe('子孙甲子水')
  await screenshot(page, 'toolbox-divination-chart')
  await visible(page, '.gua-texts').scrollIntoViewIfNeeded()
  await screenshot(page, 'toolbox-divination-texts')
  // the chart is in the device's history after a reload
  await page.reload()
  await page.waitForSelector('.divination__record', { state: 'visible' })
  await expect(visible(page, '.divination__record-title').first().textContent()).resolves.toBe('乾为天 之 天风姤')
  await page.context().close()
})

test('coins are thrown one tap at a time', async () => {
  const page = await open('tools/pages/divination/divination')
  for (let i = 1; i <= 5; i++) {
    await visible(page, '.coins__throw').click()
    await page.waitForFunction((n) => document.querySelectorAll('.coins__line').length >= n, i)
    if (i === 3) await screenshot(page, 'toolbox-divination-coins')
  }
  // the sixth throw completes the hexagram: the chart replaces the coins
  await visible(page, '.coins__throw').click()
  await page.waitForSelector('.chart__table', { state: 'visible' })
  await expect(visible(page, '.chart__row').count()).resolves.toBe(7)
  await page.context().close()
})

test('lingqi throws the twelve pieces and shows the reading', async () => {
  const page = await open('tools/pages/lingqi/lingqi')
  await screenshot(page, 'toolbox-lingqi-start')
  await visible(page, '.lingqi__toss').click()
  await page.waitForSelector('.lingqi__reading', { state: 'visible' })
  await expect(visible(page, '.lingqi__number').textContent()).resolves.toMatch(/^第\d+卦$/)
  // Every reading shows the book's 象曰 and, below it, our 释义.
  await expect(visible(page, '.lingqi__text').textContent()).resolves.toMatch(/\S{4}/)
  await expect(visible(page, '.lingqi__interpretation').textContent()).resolves.toMatch(/君臣之间|混沌未明/)
  await screenshot(page, 'toolbox-lingqi')
  await page.context().close()
})

test('the luopan without a sensor takes a typed degree', async () => {
  const page = await open('tools/pages/luopan/luopan')
  await page.waitForSelector('.luopan-dial__plate', { state: 'visible' })
  await screenshot(page, 'toolbox-luopan-start')
  await visible(page, '.luopan__start').click()
  await page.waitForSelector('.luopan__notice', { state: 'visible' })
  await expect(visible(page, '.luopan__notice').textContent()).resolves.toContain('不支持指南针')
  await visible(page, '.luopan__input input').fill('200')
  await visible(page, '.luopan__apply').click()
  // 200° lies in 丁 (187.5°-202.5°), opposite 癸
  await expect(visible(page, '.luopan__pair').textContent()).resolves.toBe('坐癸向丁')
  await screenshot(page, 'toolbox-luopan')
  await page.context().close()
})

test('the daily tools remember the birth and answer for today', async () => {
  const page = await open('tools/pages/daily/fortune')
  await visible(page, '.birth-input__submit').click()
  await expect(visible(page, '.birth-input__error').textContent()).resolves.toBe('性别：请选择男或女')
  await screenshot(page, 'toolbox-daily-form')
  await visible(page, '.birth-input__female').click()
  await visible(page, '.birth-input__submit').click()
  await page.waitForSelector('.fortune__score', { state: 'visible' })
  await screenshot(page, 'toolbox-daily-fortune')
  for (const [route, name] of [
    ['luckyColor', '.daily__swatch'],
    ['gigabit', '.daily__seat--on'],
    ['romanticLuck', '.romantic']
  ]) {
    await page.goto(`${server.url}/#/tools/pages/daily/${route}`)
    await page.waitForSelector(name, { state: 'visible' })
    await screenshot(page, `toolbox-daily-${route}`)
  }
  await page.context().close()
})

test('灵棋经: a throw shows its 卦 with 象曰 and 诗曰, and a 卦 without an established 诗曰 says so', async () => {
  const context = await phone(browser)
  // The pieces fall by the browser's cryptographic bytes: each test throw queues its own (odd = face up).
  await context.addInitScript(() => {
    const w = window as unknown as { nextThrow?: number[] }
    const real = crypto.getRandomValues.bind(crypto)
    crypto.getRandomValues = <T extends ArrayBufferView | null>(array: T): T => {
      if (w.nextThrow && array instanceof Uint8Array && array.length === w.nextThrow.length) {
        array.set(w.nextThrow)
        w.nextThrow = undefined
        return array
      }
      return real(array as never) as T
    }
  })
  const page = await context.newPage()
  await page.goto(`${server.url}/#/tools/pages/lingqi/lingqi`)
  const throwPieces = async (upper: number, middle: number, lower: number) => {
    const group = (up: number) => [0, 1, 2, 3].map((i) => (i < up ? 1 : 0))
    await page.evaluate(
      (bytes) => ((window as unknown as { nextThrow: number[] }).nextThrow = bytes),
      [...group(upper), ...group(middle), ...group(lower)]
    )
    await visible(page, '.lingqi__toss').click()
  }

  // One face up in each row: 第一卦 大通卦.
  await throwPieces(1, 1, 1)
  await visible(page, '.lingqi__name').filter({ hasText: '大通卦' }).waitFor()
  expect(await visible(page, '.lingqi__number').textContent()).toBe('第1卦')
  const first = lingqi({ upper: 1, middle: 1, lower: 1 })
  expect(await visible(page, '.lingqi__xiang').textContent()).toBe(first.xiang)
  expect(await visible(page, '.lingqi__text').textContent()).toBe(first.text)
  expect(await visible(page, '.lingqi__verse').textContent()).toBe(first.verse)
  expect(first.verse!.length).toBeGreaterThan(10)
  expect(await visible(page, '.lingqi__verse--none').count()).toBe(0)
  expect(await visible(page, '.lingqi__group-count').allTextContents()).toEqual(['1', '1', '1'])
  await screenshot(page, 'lingqi-reading')

  // Two, one, one: 第十七卦 神护卦, whose 诗曰 the witnesses do not settle.
  await throwPieces(2, 1, 1)
  await visible(page, '.lingqi__name').filter({ hasText: '神护卦' }).waitFor()
  expect(await visible(page, '.lingqi__number').textContent()).toBe('第17卦')
  expect(await visible(page, '.lingqi__verse--none').textContent()).toContain('未能校定')
  expect(await visible(page, '.lingqi__group-count').allTextContents()).toEqual(['2', '1', '1'])
  await screenshot(page, 'lingqi-no-verse')
  await context.close()
}, 60_000)
