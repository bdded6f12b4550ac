import fs from 'node:fs'
import path from 'node:path'
import vm from 'node:vm'

import { MIN_BASE_LIBRARY } from '../../../src/core/constants'
import { AppService, type Config } from './app-service'
import { baseLibraryBreaches, type Breach, BUDGET, measureTree } from './budgets'
import { applyDataPath } from './paths'
import { compileWxml, serializeEvent } from './view'
import { type CashierAnswer, type WechatPay } from './wechat-pay'
import { createWx } from './wx'

// Loaded after compileWxml has given them a DOM (their typings would bring WeChat's global types in).
let jc: any
let exparser: any

export interface LaunchOptions {
  dist?: string
  /** The test server's address, e.g. http://127.0.0.1:41234 */
  server: string
  /** Launch page (default: app.json's first page) and its query. */
  path?: string
  query?: Record<string, string>
  scene?: number
  /** The WeChat user wx.login stands for (the simulator creates them by nickname). */
  user?: { nickname?: string; openid?: string }
  /** WeChat Pay's side (merchant API and cashier) the server was started with; without it wx.requestPayment fails. */
  wechatPay?: WechatPay
  /** The phone's system as wx.getDeviceInfo/getSystemInfoSync report it (default `devtools`). */
  platform?: 'ios' | 'android' | 'devtools'
  /** Whether this user already agreed to the app's privacy guidelines (default true: earlier launches did). */
  privacyAgreed?: boolean
  /** What wx storage holds at launch (an earlier run's `mp.storageSnapshot()`); default empty. */
  storage?: Record<string, string>
  /** No network: every request, upload and download fails as WeChat's do offline. */
  offline?: boolean
  /** Keep each page's visible text after every setData the view applies (`draws`; for `npm run bench`). */
  recordDraws?: boolean
}

export interface LogEntry {
  kind: string
  detail: unknown
}

interface PageRecord {
  mp: MiniProgram
  id: number
  route: string
  query: Record<string, string>
  instance: Record<string, any>
  view: any
  container: HTMLElement
  scrollTop: number
}

const compiled = new Map<string, ReturnType<typeof compileWxml>>()
const registered = new Set<string>()

/** A mini-program build run the way WeChat runs it: see tests/weapp/README.md. */
export class MiniProgram {
  readonly dist: string
  readonly appJson: Config
  readonly log: LogEntry[] = []
  readonly errors: unknown[] = []
  readonly stack: PageRecord[] = []
  /** WeChat's runtime budgets broken (harness/budgets.ts), and what its Audits panel would only warn about. */
  readonly breaches: Breach[] = []
  readonly warnings: Breach[] = []
  /** With `recordDraws`: when (performance.now()) each setData reached the view, and what the page showed then. */
  readonly draws: { route: string; at: number; text: string }[] = []
  /** When the launch began to run app.js (performance.now()). */
  launchedAt = 0
  readonly service: AppService
  readonly wxApi: ReturnType<typeof createWx>
  /** Answers for wx.showModal, first in first out; empty = the user taps 确定. */
  readonly modalAnswers: boolean[] = []
  /** What the user does in WeChat's cashier, first in first out; empty = pays. */
  readonly cashierAnswers: CashierAnswer[] = []
  /** The user's answer to each template of a wx.requestSubscribeMessage ask, first in first out; empty = accept. */
  readonly subscribeAnswers: Array<'accept' | 'reject'> = []
  /** A tap's handler is running (its own call stack): WeChat allows some asks only then. */
  private inTap = false
  private pending = 0
  private nextId = 1
  private launch: { path: string; query: Record<string, string>; scene: number; referrerInfo: object }
  private readonly gwx: ReturnType<typeof compileWxml>
  private closed = false
  private readonly onRejection = (reason: unknown) => this.fail('unhandled rejection', reason)

  private constructor(readonly options: LaunchOptions) {
    this.dist = path.resolve(options.dist ?? 'dist/weapp')
    this.appJson = JSON.parse(fs.readFileSync(path.join(this.dist, 'app.json'), 'utf8'))
    if (!compiled.has(this.dist)) compiled.set(this.dist, compileWxml(this.dist))
    this.gwx = compiled.get(this.dist)!
    jc ??= require('miniprogram-simulate') && require('j-component')
    exparser ??= require('miniprogram-exparser')
    this.launch = {
      path: options.path ?? this.appJson.pages[0],
      query: options.query ?? {},
      scene: options.scene ?? 1001,
      referrerInfo: {}
    }
    this.wxApi = createWx({
      buildApiBase: process.env.API_BASE || 'http://127.0.0.1:3000',
      server: options.server,
      navigate: (kind, url) => this.navigate(kind, url),
      navigateBack: (delta) => this.navigateBack(delta),
      currentPage: () => this.top,
      launchOptions: () => JSON.parse(JSON.stringify(this.launch)),
      answerModal: () => {
        const confirm = this.modalAnswers.length ? this.modalAnswers.shift()! : true
        return { confirm, cancel: !confirm }
      },
      log: (kind, detail) => this.log.push({ kind, detail }),
      breach: (kind, detail) => this.breaches.push({ kind, route: this.top?.route, detail }),
      track: (work) => this.track(work),
      onError: (e) => this.fail('error', e),
      pageScrollTo: (top) => {
        if (this.top) this.top.scrollTop = top
      },
      stopPullDownRefresh: () => this.log.push({ kind: 'stopPullDownRefresh', detail: this.top?.route }),
      loginCodeUser: () => options.user ?? { nickname: '小程序用户' },
      storage: options.storage,
      offline: options.offline ?? false,
      platform: options.platform ?? 'devtools',
      privacy: {
        agreed: options.privacyAgreed ?? true,
        checked: this.appJson.__usePrivacyCheck__ === true,
        agreeTap: undefined
      },
      pay: options.wechatPay && ((params) => options.wechatPay!.cashier(params, this.cashierAnswers.shift() ?? 'pay')),
      userGesture: () => this.inTap,
      answerSubscribe: () => this.subscribeAnswers.shift() ?? 'accept'
    })
    const console_ = {
      ...console,
      log: (...a: unknown[]) => this.log.push({ kind: 'console.log', detail: a.map(String).join(' ') }),
      info: (...a: unknown[]) => this.log.push({ kind: 'console.info', detail: a.map(String).join(' ') }),
      debug: () => undefined,
      warn: (...a: unknown[]) => this.log.push({ kind: 'console.warn', detail: a.map(String).join(' ') }),
      error: (...a: unknown[]) =>
        this.fail('console.error', a.map((x) => (x instanceof Error ? x.stack : String(x))).join(' '))
    } as Console
    this.service = new AppService(this.dist, {
      wx: this.wxApi.wx,
      getCurrentPages: () => this.stack.map((p) => p.instance),
      onError: (e) => this.fail('error', e),
      console: console_,
      busy: (delta) => {
        this.pending += delta
      }
    })
  }

  /** Starts the app as WeChat does: app.js, the main package's pages, onLaunch, onShow, the launch page. */
  static async launch(options: LaunchOptions): Promise<MiniProgram> {
    const mp = new MiniProgram(options)
    mp.watchRejections()
    mp.launchedAt = performance.now()
    mp.service.loadApp()
    for (const route of mp.appJson.pages) mp.service.loadPage(route)
    const launch = mp.launchOptions()
    mp.call(mp.service.app, 'onLaunch', launch)
    mp.call(mp.service.app, 'onShow', launch)
    for (const fn of mp.wxApi.appShow) mp.guarded(() => fn(launch))
    // A launch path that is no page: WeChat asks the app's onPageNotFound instead of opening one.
    if (mp.allRoutes().includes(mp.launch.path)) await mp.open(mp.launch.path, mp.launch.query)
    else mp.call(mp.service.app, 'onPageNotFound', { path: mp.launch.path, query: mp.launch.query, isEntryPage: true })
    await mp.settle()
    return mp
  }

  /**
   * Listens for unhandled rejections: the logic layer's promises are V8's, so Node's own process
   * reports them (a test runner's sandboxed `process` would not; hence the real one).
   */
  watchRejections(): void {
    if (!this.closed && !realProcess.listeners('unhandledRejection').includes(this.onRejection))
      realProcess.on('unhandledRejection', this.onRejection)
  }

  launchOptions() {
    return JSON.parse(JSON.stringify(this.launch))
  }

  get top(): PageRecord | undefined {
    return this.stack[this.stack.length - 1]
  }

  /** Every wx API the build has called so far. */
  get apiCalls(): string[] {
    return [...this.wxApi.called].sort()
  }

  /**
   * Every platform rule broken so far: the runtime budgets, and each wx API called that needs a newer base library
   * than the one declared (MIN_BASE_LIBRARY) or that WeChat has deprecated.
   */
  ruleBreaches(): Breach[] {
    return [...this.breaches, ...baseLibraryBreaches(this.wxApi.called, MIN_BASE_LIBRARY)]
  }

  get unimplemented(): string[] {
    return [...this.wxApi.unimplemented.keys()].sort()
  }

  storage(key: string): unknown {
    return this.wxApi.storage.get(key)
  }

  /** Everything wx storage holds, as stored, to launch another run with (`storage` of LaunchOptions). */
  storageSnapshot(): Record<string, string> {
    return this.wxApi.storage.snapshot()
  }

  /** What the logic layer reported: thrown errors, unhandled rejections, console.error. */
  private fail(kind: string, error: unknown): void {
    if (this.closed) return
    this.errors.push(error)
    this.log.push({ kind, detail: error instanceof Error ? error.stack : error })
    const onError = this.service?.app?.onError
    if (kind !== 'console.error' && typeof onError === 'function') {
      try {
        onError.call(this.service.app, String(error instanceof Error ? error.stack : error))
      } catch {
        // WeChat ignores a throwing onError too
      }
    }
  }

  private guarded(fn: () => unknown): unknown {
    try {
      return fn()
    } catch (error) {
      this.fail('error', error)
    }
  }

  private call(target: Record<string, any> | undefined, method: string, ...args: unknown[]): unknown {
    const fn = target?.[method]
    if (typeof fn !== 'function') return undefined
    return this.guarded(() => fn.apply(target, args))
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.pending++
    return work.finally(() => this.pending--)
  }

  /** Waits until no request, setData or event is in flight and nothing new started for a moment. */
  async settle(timeoutMs = 15000): Promise<void> {
    this.watchRejections()
    const deadline = Date.now() + timeoutMs
    let quiet = 0
    while (quiet < 4) {
      await new Promise((r) => setTimeout(r, 15))
      quiet = this.pending === 0 ? quiet + 1 : 0
      if (Date.now() > deadline)
        throw new Error(`mini-program still busy after ${timeoutMs} ms (${this.pending} pending) on ${this.top?.route}`)
    }
    this.measurePage()
  }

  /** The top page's nodes against WeChat's budget, once it has settled; each breach recorded once a page. */
  private measurePage(): void {
    const page = this.top
    if (!page) return
    const { nodes, widest, widestAt } = measureTree(page.view.dom)
    const record = (kind: Breach['kind'], detail: string) => {
      if (!this.breaches.some((b) => b.kind === kind && b.route === page.route))
        this.breaches.push({ kind, route: page.route, detail })
    }
    if (nodes >= BUDGET.pageNodes) record('nodes', `${nodes} nodes (WeChat: fewer than ${BUDGET.pageNodes})`)
    if (widest > BUDGET.childrenPerNode)
      record('children', `${widest} children under ${widestAt} (WeChat: at most ${BUDGET.childrenPerNode})`)
  }

  // ---------------------------------------------------------------- pages

  private parseUrl(url: string): { route: string; query: Record<string, string> } {
    const [p, qs = ''] = url.replace(/^\//, '').split('?')
    return { route: p, query: Object.fromEntries(new URLSearchParams(qs)) }
  }

  private allRoutes(): string[] {
    const subs = (this.appJson.subPackages ?? this.appJson.subpackages ?? []) as Array<{
      root: string
      pages: string[]
    }>
    return [...this.appJson.pages, ...subs.flatMap((s) => s.pages.map((p) => `${s.root.replace(/\/$/, '')}/${p}`))]
  }

  private isTabBarRoute(route: string): boolean {
    return ((this.appJson.tabBar?.list ?? []) as Array<{ pagePath: string }>).some((t) => t.pagePath === route)
  }

  private async navigate(kind: 'navigateTo' | 'redirectTo' | 'reLaunch' | 'switchTab', url: string): Promise<void> {
    const { route, query } = this.parseUrl(url)
    if (!this.allRoutes().includes(route)) throw new Error(`page "${route}" is not found`)
    const tabRoute = this.isTabBarRoute(route)
    if ((kind === 'navigateTo' || kind === 'redirectTo') && tabRoute) throw new Error(`can not ${kind} a tabbar page`)
    if (kind === 'switchTab' && !tabRoute) throw new Error('can not switch to no-tabBar page')
    if (kind === 'navigateTo' && this.stack.length >= 10) throw new Error('webview count limit exceed')
    await new Promise((r) => setTimeout(r, 0))
    if (kind === 'navigateTo') {
      if (this.top) this.call(this.top.instance, 'onHide')
    } else if (kind === 'redirectTo') {
      this.closePage(this.stack.pop())
    } else {
      while (this.stack.length) this.closePage(this.stack.pop())
    }
    await this.open(route, query)
  }

  private async navigateBack(delta: number): Promise<void> {
    if (this.stack.length <= 1) throw new Error('cannot navigate back at first page.')
    await new Promise((r) => setTimeout(r, 0))
    for (let i = 0; i < delta && this.stack.length > 1; i++) this.closePage(this.stack.pop())
    this.call(this.top!.instance, 'onShow')
  }

  private closePage(page: PageRecord | undefined): void {
    if (!page) return
    this.call(page.instance, 'onUnload')
    page.view.detach()
    page.container.remove()
  }

  private async open(route: string, query: Record<string, string>): Promise<void> {
    const config = this.service.loadPage(route)
    const id = this.nextId++
    const instance: Record<string, any> = {}
    for (const [key, value] of Object.entries(config))
      instance[key] = key === 'data' ? JSON.parse(JSON.stringify(value ?? {})) : value
    instance.data ??= {}
    Object.assign(instance, {
      route,
      __route__: route,
      options: { ...query },
      __wxWebviewId__: id,
      __wxExparserNodeId__: `page${id}`,
      setData: (data: Record<string, unknown>, cb?: () => void) => this.setData(record, data, cb),
      selectComponent: () => {
        this.log.push({ kind: 'unimplemented', detail: 'Page.selectComponent' })
        this.wxApi.unimplemented.set('Page.selectComponent', 1)
        return null
      },
      createSelectorQuery: () => this.wxApi.wx.createSelectorQuery(),
      getOpenerEventChannel: () => ({ emit() {}, on() {}, once() {}, off() {} })
    })
    const view = this.createView(route, instance.data)
    const container = document.createElement('div')
    document.body.appendChild(container)
    const record: PageRecord = { mp: this, id, route, query, instance, view, container, scrollTop: 0 }
    viewOwners.set(view._exparserNode, record)
    this.stack.push(record)
    this.call(instance, 'onLoad', { ...query })
    this.call(instance, 'onShow')
    view.attach(container)
    await this.track(new Promise((r) => setTimeout(r, 0)))
    this.call(instance, 'onReady')
  }

  private setData(record: PageRecord, data: Record<string, unknown>, cb?: () => void): void {
    if (!data || typeof data !== 'object') throw new Error('setData: data must be an object')
    const json = JSON.stringify(data)
    const bytes = Buffer.byteLength(json)
    const size = {
      kind: 'setData' as const,
      route: record.route,
      detail: `${(bytes / 1024).toFixed(1)} KB in one call`
    }
    if (bytes > BUDGET.setDataBytes) this.breaches.push(size)
    else if (bytes > BUDGET.setDataWarnBytes) this.warnings.push(size)
    const wire = JSON.parse(json) as Record<string, unknown>
    for (const [key, value] of Object.entries(wire))
      applyDataPath(record.instance.data, key, JSON.parse(JSON.stringify(value ?? null)))
    // The view thread applies it a moment later; the callback runs once it has rendered.
    void this.track(
      new Promise<void>((resolve) =>
        setTimeout(() => {
          this.guarded(() => {
            if (this.stack.includes(record)) record.view.setData(wire)
            if (this.options.recordDraws)
              this.draws.push({ route: record.route, at: performance.now(), text: this.text(record) })
          })
          if (cb) this.guarded(cb)
          resolve()
        }, 0)
      )
    )
  }

  private createView(route: string, data: Record<string, unknown>): any {
    const id = `page:${route}`
    if (!registered.has(`comp:${this.dist}`)) {
      registered.add(`comp:${this.dist}`)
      const comp = this.service.loadComponent('comp')
      jc.register({
        id: 'comp',
        tagName: 'comp',
        template: this.gwx('comp.wxml'),
        usingComponents: { comp: 'comp' },
        properties: JSON.parse(
          JSON.stringify(comp.properties ?? {}, (_k, v) => (typeof v === 'function' ? undefined : v))
        ),
        options: { virtualHost: comp.options?.virtualHost },
        methods: {
          eh(this: any, e: unknown) {
            forward(this, 'eh', e)
          }
        }
      } as any)
    }
    if (!registered.has(id)) {
      registered.add(id)
      jc.register({
        id,
        tagName: 'wx-page',
        template: this.gwx(`${route}.wxml`),
        usingComponents: { comp: 'comp' },
        methods: {
          eh(this: any, e: unknown) {
            forward(this, 'eh', e)
          }
        }
      } as any)
    }
    const view = jc.create(id)
    view.setData(JSON.parse(JSON.stringify(data)))
    return view
  }

  /** An event from the view: serialised and run in the logic layer on the next turn, as WeChat does. */
  deliver(page: PageRecord, method: string, e: unknown): void {
    const event = serializeEvent(e)
    void this.track(
      new Promise<void>((resolve) =>
        setTimeout(() => {
          if (this.stack.includes(page)) {
            this.inTap = event.type === 'tap'
            try {
              this.call(page.instance, method, event)
            } finally {
              this.inTap = false
            }
          }
          resolve()
        }, 0)
      )
    )
  }

  // ---------------------------------------------------------------- what the user sees and does

  /** The visible text of the top page (inline display:none subtrees left out), whitespace collapsed. */
  text(page: PageRecord | undefined = this.top): string {
    if (!page) return ''
    return visibleText(page.view.dom).replace(/\s+/g, ' ').trim()
  }

  /** Taps the innermost visible element whose text contains `text` (the nth match, default first; -1 the last). */
  async tap(text: string | RegExp, nth = 0): Promise<void> {
    const el = this.find(text, nth)
    this.dispatch(el, 'tap', { x: 1, y: 1 })
    // A button with open-type agreePrivacyAuthorization: WeChat records the consent and fires the event.
    const button = (el as Element).closest?.('wx-button') as any
    const attrs = Object.fromEntries(
      ((button?.__wxElement?._vt?.attrs ?? []) as Array<{ name: string; value: unknown }>).map((a) => [a.name, a.value])
    )
    if (attrs.openType === 'agreePrivacyAuthorization') {
      this.wxApi.privacy.agreeTap = String(attrs.id ?? '')
      this.dispatch(button, 'agreeprivacyauthorization', {})
    }
    await this.settle()
  }

  /** Types into an input or textarea (found by its placeholder or the nth input) and fires input + blur. */
  async type(target: string | number, value: string): Promise<void> {
    const el = this.findInput(target)
    el.__wxElement.__typed = value
    this.dispatch(el, 'input', { value, cursor: value.length, keyCode: 0 })
    this.dispatch(el, 'blur', { value })
    await this.settle()
  }

  /** Fires `change` on the nth element of a tag (picker, switch, radio-group ...), detail as given. */
  async change(tag: string, detail: Record<string, unknown>, nth = 0): Promise<void> {
    const els = this.visibleElements().filter((el) => el.tagName.toLowerCase() === `wx-${tag}`)
    if (!els[nth]) throw new Error(`no visible <${tag}> #${nth} on ${this.top?.route}: ${this.text()}`)
    this.dispatch(els[nth], 'change', detail)
    await this.settle()
  }

  /** Attribute values of the nth visible element of a tag (e.g. video src, input placeholder). */
  attrs(tag: string, nth = 0): Record<string, unknown> | undefined {
    const el = this.visibleElements().filter((e) => e.tagName.toLowerCase() === `wx-${tag}`)[nth] as any
    if (!el) return undefined
    return Object.fromEntries(
      ((el.__wxElement?._vt?.attrs ?? []) as Array<{ name: string; value: unknown }>).map((a) => [a.name, a.value])
    )
  }

  /** WeChat's share menu on the top page: what onShareAppMessage returns. */
  share(): Record<string, unknown> {
    const page = this.top!
    if (typeof page.instance.onShareAppMessage !== 'function') throw new Error(`${page.route} has no share handler`)
    return page.instance.onShareAppMessage.call(page.instance, { from: 'menu', webViewUrl: '' })
  }

  async pullDownRefresh(): Promise<void> {
    this.call(this.top!.instance, 'onPullDownRefresh')
    await this.settle()
  }

  async reachBottom(): Promise<void> {
    this.call(this.top!.instance, 'onReachBottom')
    await this.settle()
  }

  /** Opens a page as the user would from anywhere: wx.reLaunch. */
  async reLaunch(url: string): Promise<void> {
    await this.track(this.navigate('reLaunch', url))
    await this.settle()
  }

  async back(): Promise<void> {
    await this.track(this.navigateBack(1))
    await this.settle()
  }

  private visibleElements(): HTMLElement[] {
    const out: HTMLElement[] = []
    const walk = (el: Element) => {
      if (hidden(el)) return
      out.push(el as HTMLElement)
      for (const c of Array.from(el.children)) walk(c)
    }
    if (this.top) walk(this.top.view.dom)
    return out
  }

  private find(text: string | RegExp, nth: number): any {
    const matches = this.visibleElements().filter((el) => {
      const own = visibleText(el).replace(/\s+/g, ' ')
      if (!(typeof text === 'string' ? own.includes(text) : text.test(own))) return false
      // innermost: no visible child element also matches
      return !Array.from(el.children).some(
        (c) =>
          !hidden(c) &&
          (typeof text === 'string' ? visibleText(c).replace(/\s+/g, ' ').includes(text) : text.test(visibleText(c)))
      )
    })
    const el = matches[nth < 0 ? matches.length + nth : nth]
    if (!el) throw new Error(`nothing shows "${text}" on ${this.top?.route}: ${this.text()}`)
    return el
  }

  private findInput(target: string | number): any {
    const inputs = this.visibleElements().filter((el) => /^wx-(input|textarea)$/.test(el.tagName.toLowerCase()))
    const el =
      typeof target === 'number'
        ? inputs[target]
        : inputs.find((i: any) =>
            ((i.__wxElement?._vt?.attrs ?? []) as Array<{ name: string; value: unknown }>).some(
              (a) => a.name === 'placeholder' && String(a.value).includes(target)
            )
          )
    if (!el) throw new Error(`no input "${target}" on ${this.top?.route}`)
    return el
  }

  private dispatch(el: any, type: string, detail: Record<string, unknown>): void {
    const node = el.__wxElement
    if (!node) throw new Error(`element ${el.tagName} has no exparser node`)
    const touch = { identifier: 0, pageX: 1, pageY: 1, clientX: 1, clientY: 1 }
    exparser.Event.dispatchEvent(
      node,
      exparser.Event.create(type, detail, {
        bubbles: true,
        composed: true,
        capturePhase: true,
        extraFields: { touches: type === 'tap' ? [] : {}, changedTouches: type === 'tap' ? [touch] : {} }
      })
    )
  }

  /** Closes every page and stops listening; the app's timers die with the test process. */
  close(): void {
    while (this.stack.length) this.closePage(this.stack.pop())
    this.closed = true
    realProcess.off('unhandledRejection', this.onRejection)
  }
}

const viewOwners = new WeakMap<object, PageRecord>()

/** View components are registered once per process: an event finds its page (and runtime) by its node. */
function forward(caller: any, method: string, e: unknown): void {
  let node = caller._exparserNode
  // A recursive `comp` forwards to the page that owns it (Taro's eh is one function for both).
  while (node && !viewOwners.has(node)) node = node.ownerShadowRoot?.getHostNode?.() ?? node.parentNode
  const page = node && viewOwners.get(node)
  if (page) page.mp.deliver(page, method, e)
}
export const realProcess: NodeJS.Process = vm.runInThisContext('process')

function hidden(el: Element): boolean {
  const style = (el as HTMLElement).style
  return style?.display === 'none' || (el as HTMLElement).hidden === true
}

function visibleText(el: Element): string {
  let out = ''
  // rich-text draws its `nodes` (an HTML string or a node array) itself.
  if (el.tagName?.toLowerCase() === 'wx-rich-text')
    out +=
      ' ' +
      richText(((el as any).__wxElement?._vt?.attrs ?? []).find((a: { name: string }) => a.name === 'nodes')?.value) +
      ' '
  for (const node of Array.from(el.childNodes)) {
    if (node.nodeType === 3) out += node.textContent
    else if (node.nodeType === 1 && !hidden(node as Element)) out += ' ' + visibleText(node as Element) + ' '
  }
  return out
}

function richText(nodes: unknown): string {
  if (typeof nodes === 'string')
    return nodes
      .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
      .replace(/<br\s*\/?>|<\/(p|div|li|h\d)>/gi, ' ')
      .replace(/<[^>]+>/g, '')
      .replace(/&nbsp;/g, ' ')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&')
  if (Array.isArray(nodes))
    return nodes
      .map((n: any) => (n?.type === 'text' ? (n.text ?? '') : ' ' + richText(n?.children ?? []) + ' '))
      .join('')
  return ''
}
