import fs from 'node:fs'
import path from 'node:path'
import vm from 'node:vm'

/**
 * The logic layer ("app service") of a mini-program: every JS file of dist/weapp runs in one V8
 * context of its own that has no DOM, only the globals WeChat's base library gives (wx, App, Page,
 * Component, Behavior, getApp, getCurrentPages, require per file). Files are wrapped like WeChat's
 * `define(path, function (require, module, exports, window, document, ...) {...})`: browser names
 * are shadowed with undefined, so code that sniffs for a browser sees none.
 */
const SHADOWED = [
  'window',
  'document',
  'frames',
  'self',
  'location',
  'navigator',
  'localStorage',
  'history',
  'Caches',
  'screen',
  'alert',
  'confirm',
  'prompt',
  'XMLHttpRequest',
  'WebSocket',
  'fetch'
]

export type Config = Record<string, any>

export interface AppServiceGlobals {
  wx: object
  getCurrentPages(): object[]
  /** Reports an error thrown while running a file or a callback (WeChat's onError / console). */
  onError(error: unknown): void
  console: Console
  /** Counts work in flight (+1 when a short timer is set, -1 when it fires or is cleared). */
  busy(delta: number): void
}

const SHORT_TIMER_MS = 100

export class AppService {
  readonly context: vm.Context
  private readonly modules = new Map<string, { exports: unknown }>()
  private loading: string | undefined
  app: Config | undefined
  appConfig: Config | undefined
  readonly pages = new Map<string, Config>()
  readonly components = new Map<string, Config>()

  /** Subpackage roots of app.json: a file under one belongs to that package, any other to the main package. */
  private readonly roots: string[]
  /** Files fetched with require.async (分包异步化), in order. */
  readonly asyncLoads: string[] = []
  private readonly busy: (delta: number) => void

  constructor(
    readonly dist: string,
    globals: AppServiceGlobals
  ) {
    const app = JSON.parse(fs.readFileSync(path.join(dist, 'app.json'), 'utf8'))
    this.roots = (app.subPackages ?? app.subpackages ?? []).map((p: { root: string }) =>
      p.root.replace(/^\/+|\/+$/g, '')
    )
    this.busy = globals.busy
    // A short timer is work in progress (React's scheduler, debounces): the app is busy until it fires.
    const short = new Map<unknown, true>()
    const done = (handle: unknown) => {
      if (short.delete(handle)) globals.busy(-1)
    }
    const timers = {
      setTimeout: (fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) => {
        const run = this.guard(fn)
        const handle: unknown = setTimeout(
          (...a: unknown[]) => {
            try {
              run(...a)
            } finally {
              done(handle)
            }
          },
          ms,
          ...args
        )
        if ((ms ?? 0) <= SHORT_TIMER_MS) {
          short.set(handle, true)
          globals.busy(1)
        }
        return handle
      },
      setInterval: (fn: (...a: unknown[]) => void, ms?: number, ...args: unknown[]) =>
        setInterval(this.guard(fn), ms, ...args),
      clearTimeout: (handle: unknown) => {
        clearTimeout(handle as NodeJS.Timeout)
        done(handle)
      },
      clearInterval
    }
    this.onError = globals.onError
    this.context = vm.createContext({
      ...timers,
      console: globals.console,
      wx: globals.wx,
      getCurrentPages: globals.getCurrentPages,
      getApp: () => this.app,
      App: (config: Config) => this.registerApp(config),
      Page: (config: Config) => this.registerPage(config),
      Component: (config: Config) => this.registerComponent(config),
      Behavior: (config: Config) => config,
      requirePlugin: () => {
        throw new Error('requirePlugin: no plugins in this build')
      },
      __wxConfig: {}
    })
  }

  private readonly onError: (error: unknown) => void

  /** Wraps a callback so an exception reaches onError, as WeChat reports a thrown timer callback. */
  guard<T extends (...a: any[]) => unknown>(fn: T): T {
    const onError = this.onError
    return function (this: unknown, ...args: unknown[]) {
      try {
        return fn.apply(this, args)
      } catch (error) {
        onError(error)
      }
    } as T
  }

  /** Every JS file run so far, in order, with when it started (performance.now()). */
  readonly loaded: { file: string; at: number }[] = []

  /** Runs app.js (and through it runtime, taro, vendors, common). */
  loadApp(): void {
    this.require('app.js')
    if (!this.appConfig) throw new Error('app.js did not call App()')
  }

  /** Runs a page's JS (its subpackage's chunks come through its requires); returns its Page() config. */
  loadPage(route: string): Config {
    const known = this.pages.get(route)
    if (known) return known
    const json = this.readJson(`${route}.json`)
    for (const using of Object.values<string>(json.usingComponents ?? {}))
      this.loadComponent(path.posix.join(path.posix.dirname(route), using))
    this.loading = route
    try {
      this.require(`${route}.js`)
    } finally {
      this.loading = undefined
    }
    const config = this.pages.get(route)
    if (!config) throw new Error(`${route}.js did not call Page()`)
    return config
  }

  loadComponent(componentPath: string): Config {
    const known = this.components.get(componentPath)
    if (known) return known
    const json = this.readJson(`${componentPath}.json`)
    if (!json.component) throw new Error(`${componentPath}.json is not a component`)
    for (const using of Object.values<string>(json.usingComponents ?? {})) {
      const target = path.posix.join(path.posix.dirname(componentPath), using)
      if (target !== componentPath) this.loadComponent(target)
    }
    this.loading = componentPath
    try {
      this.require(`${componentPath}.js`)
    } finally {
      this.loading = undefined
    }
    const config = this.components.get(componentPath)
    if (!config) throw new Error(`${componentPath}.js did not call Component()`)
    return config
  }

  readJson(file: string): Config {
    return JSON.parse(fs.readFileSync(path.join(this.dist, file), 'utf8'))
  }

  /** The package a file of the build belongs to: a subpackage root, or 'main'. */
  packageOf(file: string): string {
    return this.roots.find((root) => file.startsWith(root + '/')) ?? 'main'
  }

  private resolve(file: string, from: string): string {
    const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(from), file))
    return resolved.endsWith('.js') ? resolved : resolved + '.js'
  }

  /**
   * WeChat's require: relative to the requiring file, `.js` optional, each file run once. A file may
   * require files of its own package and of the main package only: the main package cannot reach
   * into a subpackage, nor one subpackage into another (that takes require.async).
   */
  require(file: string, from = ''): unknown {
    const resolved = this.resolve(file, from)
    if (from) {
      const target = this.packageOf(resolved)
      if (target !== 'main' && target !== this.packageOf(from)) {
        throw new Error(
          `module "${resolved}" is in subpackage ${target}: "${from}" (${this.packageOf(from)} package) ` +
            `cannot require it; only require.async reaches another package`
        )
      }
    }
    const cached = this.modules.get(resolved)
    if (cached) return cached.exports
    const full = path.join(this.dist, resolved)
    if (!fs.existsSync(full)) throw new Error(`module "${resolved}" is not defined`)
    const module = { exports: {} as unknown }
    this.modules.set(resolved, module)
    this.loaded.push({ file: resolved, at: performance.now() })
    const source = fs.readFileSync(full, 'utf8')
    const wrapper = `(function (require, module, exports, ${SHADOWED.join(', ')}) {${source}\n})`
    const fn = new vm.Script(wrapper, { filename: full }).runInContext(this.context)
    const localRequire = Object.assign((request: string) => this.require(request, resolved), {
      async: (request: string) => this.requireAsync(request, resolved)
    })
    fn.call(module.exports, localRequire, module, module.exports)
    return module.exports
  }

  /**
   * WeChat's require.async (分包异步化, base library 2.11.2+): any package's file, the package fetched
   * first (instant here), the file's exports answered a turn later.
   */
  requireAsync(file: string, from: string): Promise<unknown> {
    const resolved = this.resolve(file, from)
    this.busy(1)
    return new Promise<unknown>((resolve, reject) => {
      setTimeout(() => {
        try {
          this.asyncLoads.push(resolved)
          resolve(this.require(resolved))
        } catch (error) {
          reject(error)
        } finally {
          this.busy(-1)
        }
      }, 0)
    })
  }

  private registerApp(config: Config): void {
    if (this.appConfig) throw new Error('App() called twice')
    this.appConfig = config
    // WeChat's app instance: the config's own fields and methods on one object.
    this.app = Object.assign(Object.create(null), config)
  }

  private registerPage(config: Config): void {
    if (!this.loading) throw new Error('Page() called outside a page file')
    this.pages.set(this.loading, config)
  }

  private registerComponent(config: Config): void {
    if (!this.loading) throw new Error('Component() called outside a component file')
    if (this.pages.has(this.loading)) return
    // A page written with Component() is registered as a page by its file.
    if (this.loading && !this.readJson(`${this.loading}.json`).component)
      this.pages.set(this.loading, { __component: true, ...config })
    else this.components.set(this.loading, config)
  }
}
