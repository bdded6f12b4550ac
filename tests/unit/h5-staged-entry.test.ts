import path from 'node:path'

// The loaders are plain CommonJS webpack loaders: Taro's writes the H5 entry, ours splits it.
const taroH5Loader = require('@tarojs/taro-loader/lib/h5').default
const stagedEntry = require('../../config/h5-staged-entry.js')

const SRC = path.resolve(__dirname, '../../src')
const ENTRY = path.join(SRC, 'app.config.ts')

/** What Taro's H5 loader writes for an app entry, with the React framework's statements as Taro 4 gives them. */
function taroEntry(): string {
  const context = {
    mode: 'production',
    context: SRC,
    rootContext: path.resolve(SRC, '..'),
    resourcePath: ENTRY,
    utils: { contextify: (from: string, request: string) => `./${path.relative(from, request)}` },
    getOptions: () => ({
      entryFileName: 'app',
      filename: 'app',
      sourceDir: SRC,
      runtimePath: ['@tarojs/plugin-framework-react/dist/runtime'],
      config: { router: { mode: 'hash' }, pages: [] },
      pages: [],
      pxTransformConfig: { designWidth: 375, deviceRatio: {}, baseFontSize: 20, unitPrecision: 5, targetUnit: 'rem' },
      loaderMeta: {
        importFrameworkStatement: "\nimport * as React from 'react'\nimport ReactDOM from 'react-dom/client'\n",
        creator: 'createReactApp',
        creatorLocation: '@tarojs/plugin-framework-react/dist/runtime',
        frameworkArgs: 'React, ReactDOM, config',
        importFrameworkName: 'React',
        extraImportForWeb: '',
        execBeforeCreateWebApp: ''
      }
    })
  }
  return taroH5Loader.call(context)
}

const run = (source: string, resourceQuery: string) => stagedEntry.call({ resourcePath: ENTRY, resourceQuery }, source)

test('the entry evaluates React, React DOM, the React runtime and the app root a task each, then Taro’s entry', () => {
  const entry = run(taroEntry(), '')
  const loads = [...entry.matchAll(/await import\(([^)]*)\)|await new Promise/g)].map((m) =>
    m[1] ? /"([^"]+)"$/.exec(m[1].trim())![1] : 'next task'
  )
  expect(loads).toEqual([
    'react',
    'next task',
    'react-dom/client',
    'next task',
    '@tarojs/plugin-framework-react/dist/runtime',
    'next task',
    './app',
    'next task',
    './app.config.ts?taro-entry'
  ])
  // Eager: no chunk of their own, only the evaluation is put off; and only the exports the entry uses.
  expect(entry.match(/webpackMode: "eager"/g)).toHaveLength(5)
  expect(entry).toContain('webpackExports: ["createReactApp"]')
})

test('the app is created a task after the imports, the router a task later; pages mount as transitions', async () => {
  const source = taroEntry()
  const staged = run(source, '?taro-entry')
  // Everything up to the app's creation is Taro's, unchanged, static imports included.
  const created = source.indexOf('var inst = ')
  expect(staged.slice(0, created)).toBe(source.slice(0, created))

  // The rest, run with stand-ins for what the imports bind, a task at a time.
  const calls: string[] = []
  // Tasks posted through a MessageChannel, run here one at a time.
  const tasks: (() => void)[] = []
  class MessageChannel {
    port1 = { onmessage: () => {}, close: () => {} }
    port2 = { postMessage: () => tasks.push(() => this.port1.onmessage()) }
  }
  const inst = { mount: (...args: unknown[]) => calls.push(`mount ${args.join(' ')}`) }
  const env = {
    createReactApp: () => (calls.push('created'), inst),
    createHashHistory: () => ({}),
    handleAppMount: () => calls.push('app mounted'),
    createRouter: (_history: unknown, app: typeof inst) => (calls.push('router'), app.mount('page', 'home')),
    initPxTransform: () => {},
    React: { startTransition: (fn: () => void) => (calls.push('transition'), fn()) },
    ReactDOM: {},
    component: {},
    config: {},
    window: {},
    MessageChannel
  }
  const rest = staged.slice(created).trim().replace(/^;/, '')
  const done = new Function(...Object.keys(env), `return ${rest}`)(...Object.values(env))
  const flush = () => new Promise((resolve) => setImmediate(resolve))
  expect(calls).toEqual([])
  expect(tasks).toHaveLength(1)
  tasks.shift()!()
  await flush()
  expect(calls).toEqual(['created', 'app mounted'])
  expect(tasks).toHaveLength(1)
  tasks.shift()!()
  await done
  expect(calls).toEqual(['created', 'app mounted', 'router', 'transition', 'mount page home'])
})

test('an entry Taro wrote differently fails the build rather than ship unsplit', () => {
  expect(() => run(taroEntry().replace('var inst = ', 'const app = '), '?taro-entry')).toThrow(
    /no longer writes the H5 entry/
  )
  expect(() => run(taroEntry().replace('createRouter(', 'startRouter('), '?taro-entry')).toThrow(
    /no longer writes the H5 entry/
  )
})
