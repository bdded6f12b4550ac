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

test('Taro’s entry creates the app a task after its imports, and mounts each page as a React transition', async () => {
  const source = taroEntry()
  const staged = run(source, '?taro-entry')
  // Everything up to the app's creation is Taro's, unchanged, static imports included.
  const created = source.indexOf('var inst = ')
  expect(staged.slice(0, created)).toBe(source.slice(0, created))

  // The rest, run with stand-ins for what the imports bind.
  const calls: string[] = []
  const inst = { mount: (...args: unknown[]) => calls.push(`mount ${args.join(' ')}`) }
  const env = {
    createReactApp: () => (calls.push('created'), inst),
    createHashHistory: () => ({}),
    handleAppMount: () => calls.push('app mounted'),
    createRouter: (_history: unknown, app: typeof inst) => app.mount('page', 'home'),
    initPxTransform: () => {},
    React: { startTransition: (fn: () => void) => (calls.push('transition'), fn()) },
    ReactDOM: {},
    component: {},
    config: {},
    window: {}
  }
  const body = staged.slice(staged.indexOf('new Promise', created - 1))
  const done = new Function(...Object.keys(env), `return ${body.trim().replace(/;?\s*$/, '')}`)(...Object.values(env))
  expect(calls).toEqual([])
  await done
  expect(calls).toEqual(['created', 'app mounted', 'transition', 'mount page home'])
})

test('an entry Taro wrote differently fails the build rather than ship unsplit', () => {
  expect(() => run(taroEntry().replace('var inst = ', 'const app = '), '?taro-entry')).toThrow(
    /no longer writes the H5 entry/
  )
})
