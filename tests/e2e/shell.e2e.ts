import type { Browser, Page } from 'playwright-core'

import { launchBrowser, phone, routeOf, screenshot, WECHAT_UA } from './browser'
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

const TAB_LABELS = ['首页', '服务', '课程', '证书', '商城', '我的']

async function open(hash: string, userAgent?: string): Promise<Page> {
  const context = await phone(browser, userAgent)
  const page = await context.newPage()
  await page.goto(`${server.url}/${hash}`)
  return page
}

/** The tab bar of the page on screen (hidden tab pages keep theirs in the DOM). */
const visibleTabBar = (page: Page) => page.locator('.tab-bar:visible')

test('the first screen does not jump while the home loads (layout shift)', async () => {
  const context = await phone(browser)
  const page = await context.newPage()
  // Chromium reports every layout shift; the spinner giving way to the home must move nothing.
  await page.addInitScript(
    `window.__shift = 0; new PerformanceObserver((list) => { for (const e of list.getEntries()) if ` +
      `(!e.hadRecentInput) window.__shift += e.value }).observe({ type: 'layout-shift', buffered: true })`
  )
  await page.goto(`${server.url}/#/`)
  await page.waitForSelector('.home__nav-item')
  await page.locator('.carousel__image').first().waitFor()
  await page.waitForTimeout(500)
  expect(await page.evaluate('window.__shift')).toBeLessThan(0.01)
  await context.close()
})

test("the home's code is asked for with the entry code, not after it; other addresses do not ask", async () => {
  const context = await phone(browser)
  const page = await context.newPage()
  const scripts = scriptsAskedFor(page)
  await page.goto(`${server.url}/#/`)
  await page.waitForSelector('.home__nav-item')
  const preloaded = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((l) => new URL(l.href).pathname)
  )
  expect(preloaded.some((f) => f.endsWith('.js'))).toBe(true)
  expect(preloaded.some((f) => f.endsWith('.css'))).toBe(true)
  const entry = await entryScripts(page)
  expect(entry.length).toBeGreaterThan(0)
  // Every script the home ran was an entry chunk or one named in index.html, the home's own among them.
  expect(scripts.filter((f) => !entry.includes(f) && !preloaded.includes(f))).toEqual([])
  expect(preloaded.filter((f) => f.endsWith('.js') && !entry.includes(f)).length).toBeGreaterThan(0)
  // The home's own route is the home too: its code and its data are asked for early there as well, and the
  // app takes that answer rather than asking again.
  await page.goto(`${server.url}/#/pages/v2index/index`)
  const asked: string[] = []
  page.on('request', (r) => void (r.url().includes('/api/index/index') && asked.push(r.url())))
  await page.reload()
  await page.waitForSelector('.home__nav-item')
  const atRoute = await page.evaluate(() => ({
    preloaded: [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map(
      (l) => new URL(l.href).pathname
    ),
    early: '/api/index/index' in ((window as { __yixuePrefetch?: object }).__yixuePrefetch ?? {})
  }))
  expect(atRoute.preloaded.sort()).toEqual([...preloaded].sort())
  expect(atRoute.early).toBe(true)
  expect(asked).toHaveLength(1)
  await page.goto(`${server.url}/#/pages/about/about`)
  await page.reload()
  await page.waitForSelector('.nav-bar')
  const elsewhere = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((l) => new URL(l.href).pathname)
  )
  expect(elsewhere.filter((f) => !entry.includes(f))).toEqual([])
  await context.close()
})

test("the home's scripts are compiled as they download; another page's are compiled as they run", async () => {
  const context = await phone(browser)
  const page = await context.newPage()
  const scripts = scriptsAskedFor(page)
  await page.goto(`${server.url}/#/`)
  await page.waitForSelector('.home__nav-item')
  const home = [...scripts]
  await page.goto(`${server.url}/#/pages/about/about`)
  await page.waitForSelector('.nav-bar')
  const about = scripts.filter((f) => !home.includes(f))
  // V8's explicit compile hint (config/h5-compile-hints.js) heads every script of the home's first load.
  const firstLine = async (file: string) => (await (await fetch(server.url + file)).text()).split('\n')[0]
  expect(home.length).toBeGreaterThan(1)
  for (const file of home) expect(`${file}: ${await firstLine(file)}`).toBe(`${file}: //# allFunctionsCalledOnLoad`)
  expect(about.length).toBeGreaterThan(0)
  for (const file of about) expect(await firstLine(file)).not.toContain('allFunctionsCalledOnLoad')
  await context.close()
})

/** The paths of the scripts the page asks for from now on, as it asks for them. */
function scriptsAskedFor(page: Page): string[] {
  const scripts: string[] = []
  page.on('request', (req) => void (req.url().endsWith('.js') && scripts.push(new URL(req.url()).pathname)))
  return scripts
}

/** The entry chunks: the scripts index.html loads itself. */
const entryScripts = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLScriptElement>('head script[src]')].map((s) => new URL(s.src).pathname)
  )

test("the home's first banner shows before the app's code has run, where the carousel then draws it", async () => {
  const context = await phone(browser)
  const page = await context.newPage()
  // The app's code held back: what shows is what index.html draws by itself.
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/js\/app\.[0-9a-f]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  await page.goto(`${server.url}/#/`, { waitUntil: 'commit' })
  const early = page.locator('#boot-banner')
  await page.waitForFunction(() => (document.getElementById('boot-banner') as HTMLImageElement | null)?.complete)
  const first = await page.evaluate(async () => {
    const r = await fetch('/api/index/index').then((res) => res.json())
    return r.data.banners[0].image as string
  })
  expect(await early.getAttribute('src')).toBe(first)
  expect(await page.locator('.carousel').count()).toBe(0)
  await expect(early.isVisible()).resolves.toBe(true)
  // The text index.html lays out to load the Chinese font is neither seen nor read out.
  await expect(page.getByText('易学', { exact: true }).isVisible()).resolves.toBe(false)
  expect(await page.locator('#font-warmup').getAttribute('aria-hidden')).toBe('true')
  const before = (await early.boundingBox())!
  release()
  await page.waitForSelector('.carousel__image')
  const carousel = (await page.locator('.home__banners').boundingBox())!
  // Over the carousel's box, to the pixel (it bleeds half a pixel on each side).
  for (const key of ['x', 'y', 'width', 'height'] as const) {
    expect(Math.abs(before[key] - carousel[key])).toBeLessThanOrEqual(1)
  }
  // Hidden once the carousel has painted its own.
  await page.waitForFunction(() => document.getElementById('boot-banner')?.style.visibility === 'hidden')
  // Another address draws no early banner at all.
  await page.goto(`${server.url}/#/pages/about/about`)
  await page.reload()
  await page.waitForSelector('.nav-bar')
  expect(await early.count()).toBe(0)
  await context.close()
})

test("when the home's data fails, its error shows with no early banner over it", async () => {
  const context = await phone(browser)
  const page = await context.newPage()
  await page.route(/\/api\/index\/index/, (route) => route.fulfill({ status: 502, body: 'bad gateway' }))
  await page.goto(`${server.url}/#/`)
  await page.getByText('重新加载').waitFor()
  await expect(page.locator('#boot-banner').isVisible()).resolves.toBe(false)
  await context.close()
})

test('#/ opens the home tab with the six tabs of the spec', async () => {
  const page = await open('#/')
  await page.waitForSelector('.home__nav-item')
  await expect(visibleTabBar(page).locator('.tab-bar__text').allTextContents()).resolves.toEqual(TAB_LABELS)
  expect(routeOf(page)).toBe('pages/v2index/index')
  const selected = visibleTabBar(page).locator('[aria-selected="true"]')
  await expect(selected.textContent()).resolves.toBe('首页')
  const box = await visibleTabBar(page).boundingBox()
  expect(Math.round(box!.height)).toBeGreaterThanOrEqual(50)
  await screenshot(page, 'home')
  await page.context().close()
})

test("the pages' own navigation bars only, none of Taro's; each page's title is the document's", async () => {
  const page = await open('#/pages/about/about')
  await page.waitForSelector('.nav-bar')
  await page.waitForFunction(() => document.title === '关于我们')
  await expect(page.locator('#taro-navigation-bar, [class^="taro-navigation-bar"]').count()).resolves.toBe(0)
  await page.locator('.nav-bar__left:visible').click()
  await page.waitForFunction(() => location.hash.includes('pages/v2index/index'))
  await page.waitForSelector('.home__nav-item')
  await page.waitForFunction(() => document.title === '首页')
  await page.context().close()
})

test("the app's root typed over a page's address opens the home, not the not-found page", async () => {
  const page = await open('#/pages/about/about')
  await page.waitForSelector('.nav-bar')
  await page.goto(`${server.url}/#/`)
  await page.waitForFunction(() => location.hash.includes('pages/v2index/index'))
  await page.waitForSelector('.home__nav-item')
  expect(routeOf(page)).toBe('pages/v2index/index')
  await page.context().close()
})

test('switching tabs keeps each tab where it was scrolled to', async () => {
  const page = await open('#/')
  // The sections below the first screen are drawn a moment after it.
  await page.waitForFunction(() => document.querySelectorAll('.home__section').length >= 4)
  await scrollBy(page, 500)
  const before = await scrollTop(page)
  expect(before).toBeGreaterThan(100)
  await visibleTabBar(page).getByText('我的').click()
  await page.waitForFunction(() => location.hash.includes('pages/my/my'))
  await page.waitForTimeout(300)
  await visibleTabBar(page).getByText('首页').click()
  await page.waitForFunction(() => location.hash.includes('pages/v2index/index'))
  await page.waitForTimeout(500)
  expect(Math.abs((await scrollTop(page)) - before)).toBeLessThan(5)
  await page.context().close()
})

test('the last section of the home, scrolled to, shows its title and its pictures', async () => {
  const page = await open('#/')
  await page.waitForFunction(() => document.querySelectorAll('.home__section').length >= 4)
  // Sections far below the screen are laid out only once scrolled near (content-visibility).
  await page.locator('.home__section').last().scrollIntoViewIfNeeded()
  await page.waitForFunction(() => {
    const last = [...document.querySelectorAll('.home__section')].pop()!
    const title = last.querySelector('.home__section-title')!.getBoundingClientRect()
    const pictures = [...last.querySelectorAll('img')]
    return (
      title.height > 0 &&
      title.top >= 0 &&
      title.bottom <= innerHeight &&
      pictures.length > 0 &&
      pictures.every((img) => img.complete && img.naturalWidth > 0)
    )
  })
  await page.context().close()
})

test('pulled down from its top the home reloads; a short pull or a pull further down does not', async () => {
  const page = await open('#/')
  await page.waitForSelector('.home__nav-item')
  const asked: string[] = []
  page.on('request', (r) => void (r.url().includes('/api/index/index') && asked.push(r.url())))
  const cdp = await page.context().newCDPSession(page)
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', y?: number) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: y === undefined ? [] : [{ x: 180, y }] })
  const drag = async (from: number, to: number) => {
    await touch('touchStart', from)
    for (let i = 1; i <= 10; i++) await touch('touchMove', from + ((to - from) * i) / 10)
  }
  const pull = async (from: number, to: number) => {
    await drag(from, to)
    await touch('touchEnd')
  }
  // Where the navigation and tab bars are on screen.
  const bars = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('.nav-bar, .tab-bar')]
        .map((bar) => bar.getBoundingClientRect())
        .filter((box) => box.width > 0)
        .map((box) => Math.round(box.top))
    )
  await pull(200, 240)
  await page.waitForTimeout(500)
  await scrollBy(page, 300)
  await pull(200, 500)
  await page.waitForTimeout(500)
  expect(asked).toHaveLength(0)
  await scrollBy(page, -1000)
  const reload = page.waitForRequest(/\/api\/index\/index/)
  const placed = await bars()
  expect(placed).toHaveLength(2)
  await drag(200, 500)
  // The page comes down under the bars, which stay where they are, and the dots show in the gap.
  await page.waitForFunction(() => (document.querySelector('.pull-down__content') as HTMLElement).style.top)
  await expect(bars()).resolves.toEqual(placed)
  const dots = (await page.locator('.pull-down__dots').boundingBox())!
  expect(dots.y).toBeGreaterThanOrEqual(placed[0] + 40)
  await touch('touchEnd')
  await reload
  // Held open with its dots until the reload is done, then back in place.
  await page.waitForSelector('.pull-down__dots', { state: 'detached' })
  await page.waitForFunction(() => !(document.querySelector('.pull-down__content') as HTMLElement).style.top)
  await page.waitForSelector('.home__nav-item')
  expect(asked).toHaveLength(1)
  await page.context().close()
})

test('a deep link to a sub-page works, survives a refresh, and home from it switches to the tab', async () => {
  const page = await open('#/pages/index/index')
  await page.waitForSelector('.home__nav-item')
  await page.reload()
  await page.waitForSelector('.home__nav-item')
  expect(routeOf(page)).toBe('pages/index/index')
  // Nothing to go back to: the bar offers home, which switches to tab 0 and closes this page.
  await page.locator('.nav-bar__left:visible').click()
  await page.waitForFunction(() => location.hash.includes('pages/v2index/index'))
  await expect(visibleTabBar(page).locator('[aria-selected="true"]').textContent()).resolves.toBe('首页')
  await page.context().close()
})

test('a visit with ?referee_id=42 stores the referrer', async () => {
  const page = await open('?referee_id=42#/')
  await page.waitForSelector('.tab-bar')
  await page.waitForFunction(() => localStorage.getItem('refereeId') !== null)
  const stored = await page.evaluate(() => localStorage.getItem('refereeId'))
  expect(stored).toContain('42')
  await page.context().close()
})

test('in WeChat a fresh visit logs in through the OAuth simulator and comes back without the code', async () => {
  const page = await open('#/pages/my/my', WECHAT_UA)
  await page.waitForURL(/wechat\.simulator\/authorize/)
  await screenshot(page, 'oauth-simulator')
  await page.locator('button, [type=submit]').first().click()
  await page.waitForURL((url) => url.hash.includes('pages/my/my'))
  await page.waitForFunction(() => !location.search.includes('code='))
  await page.waitForSelector('.mine__nickname')
  const stored = await page.evaluate(() => localStorage.getItem('Authorization'))
  expect(stored).toContain('token')
  expect(page.url()).not.toContain('code=')
  await screenshot(page, 'mine-logged-in')
  await page.context().close()
})

test('a link to a tab route switches to the tab and closes the sub-page', async () => {
  const page = await open('#/pages/index/index')
  await page.locator('.home__nav-item:visible', { hasText: '易学课程' }).click()
  await page.waitForFunction(() => location.hash.includes('pages/course/index'))
  await expect(visibleTabBar(page).locator('[aria-selected="true"]').textContent()).resolves.toBe('课程')
  // The sub-page is gone: no page of it is left in the document.
  await expect(page.locator('.taro_page[id^="/pages/index/index"]').count()).resolves.toBe(0)
  await page.context().close()
})

test('a page opened from a tab goes back to the tab, which kept its state', async () => {
  const page = await open('#/pages/my/my')
  await page.locator('.mine__entry', { hasText: '关于我们' }).click()
  await page.waitForFunction(() => location.hash.includes('pages/about/about'))
  await expect(page.locator('.about__version:visible').textContent()).resolves.toContain('1.0.0')
  await page.waitForTimeout(400) // a back within ~300 ms of a navigation confuses Taro's H5 router
  await page.locator('.nav-bar__left:visible').click()
  await page.waitForFunction(() => location.hash.includes('pages/my/my'))
  await expect(page.locator('.about__version').count()).resolves.toBe(0)
  await expect(page.locator('.mine__entry:visible', { hasText: '关于我们' }).count()).resolves.toBe(1)
  await page.context().close()
})

test('in WeChat the share link is the h5 address of the page with the sharer as referee_id', async () => {
  const context = await phone(browser, WECHAT_UA)
  // Stand-in for WeChat's JS-SDK (this machine cannot load it): records what the app shares.
  await context.addInitScript(() => {
    const shared: unknown[] = []
    ;(window as any).__shared = shared
    ;(window as any).wx = {
      config() {},
      ready(callback: () => void) {
        setTimeout(callback, 0)
      },
      error() {},
      updateAppMessageShareData(data: unknown) {
        shared.push(data)
      },
      updateTimelineShareData(data: unknown) {
        shared.push(data)
      }
    }
  })
  const page = await context.newPage()
  await page.goto(`${server.url}/#/pages/about/about`)
  await page.waitForURL(/wechat\.simulator\/authorize/)
  await page.locator('button, [type=submit]').first().click()
  await page.waitForURL((url) => url.hash.includes('pages/about/about') && !url.search.includes('code='))
  const userId = await page.evaluate(() => JSON.parse(localStorage.getItem('Authorization') || '{}').data.user_id)
  expect(Number(userId)).toBeGreaterThan(0)
  await page.waitForFunction(() => (window as any).__shared.length >= 2)
  const shared = (await page.evaluate(() => (window as any).__shared)) as { link: string; title: string }[]
  const link = shared[shared.length - 1].link
  expect(link.startsWith(`${server.url}/#/pages/about/about?`)).toBe(true)
  expect(new URL(link.replace('#/', '')).searchParams.get('referee_id')).toBe(String(userId))
  expect(shared[shared.length - 1].title).toBe('关于我们')
  await context.close()
})

/** Taro's H5 pages scroll inside their own .taro_page element. */
const visiblePage = () =>
  [...document.querySelectorAll<HTMLElement>('.taro_page')].find((el) => getComputedStyle(el).display !== 'none')

async function scrollTop(page: Page): Promise<number> {
  return page.evaluate(`(${visiblePage})()?.scrollTop ?? 0`)
}

async function scrollBy(page: Page, dy: number) {
  await page.evaluate(`(${visiblePage})().scrollBy(0, ${dy})`)
  await page.waitForTimeout(300)
}
