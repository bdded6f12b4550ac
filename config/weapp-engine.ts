// Mini-program only: code that pages of several subpackages use ships once, as a chunk fetched with
// require.async (分包异步化) from its one subpackage, instead of a copy in each (Taro's sub-common):
// - the calculation engine (src/metaphysics with lunar-javascript, ~720 KB), in pages/tools, for the
//   pages that compute; 紫微斗数 (with its own library, for one page) is left out;
// - the shared chunk (config/weapp-shared.ts), in pages/my, for every subpackage page.
// A page that uses a chunk waits for it (docs/mini-program-packages.md).
import fs from 'node:fs'
import path from 'node:path'

import type { Compilation, Compiler, Module, NormalModule } from 'webpack'

import { SHARED_MODULES } from './weapp-shared'

const src = path.join(__dirname, '..', 'src')
/** The subpackage roots, read from contract/routes.ts (the build's config cannot load TypeScript of the app). */
const SUBPACKAGE_ROOTS = (() => {
  const list = /export const SUBPACKAGE_ROOTS = \[([\s\S]*?)\]/.exec(
    fs.readFileSync(path.join(src, '..', 'contract', 'routes.ts'), 'utf8')
  )
  if (!list) throw new Error('config/weapp-engine.ts: no SUBPACKAGE_ROOTS in contract/routes.ts')
  return [...list[1].replace(/\/\/.*$/gm, '').matchAll(/'([^']+)'/g)].map((m) => m[1])
})()
const ENGINE_DIR = path.join(src, 'metaphysics') + path.sep
const GATE = path.join(src, 'components', 'EngineGate', 'index.tsx')
const SHARED_STYLES = path.join(src, 'platform', 'shared-styles.ts')
const PAGE_LOADER = path.join(__dirname, 'weapp-engine-page.js')
const MODULE_LOADER = path.join(__dirname, 'weapp-engine-module.js')
const LIST_LOADER = path.join(__dirname, 'weapp-async-list.js')
const STRIP_STYLES_LOADER = path.join(__dirname, 'weapp-strip-styles.js')
/** Subpackages, or single pages, that compute; the build fails if another page (or the app) reaches the engine. */
export const ENGINE_PAGES = [
  'pages/tools',
  'tools',
  'calculation',
  'pages/bazi',
  'pages/qmdj',
  'pages/book',
  'pages/my/report'
]
const PLUGIN = 'WeappEnginePlugin'

interface AsyncGroup {
  /** What the build's errors call it. */
  what: string
  /** The module that loads the chunk, and its export (an AsyncChunk, src/platform/async-chunk.ts). */
  host: string
  name: string
  /** The module the chunk is made of (a list of the members, config/weapp-async-list.js). */
  registry: string
  /** Paths of members are keyed from here. */
  base: string
  member: (file?: string) => boolean
  /** The registry's loader options. */
  list: Record<string, unknown>
  /** Pages that wait for the chunk. */
  waits: (pageName: string) => boolean
  /** Where a module that reaches a member but is not allowed to should go. */
  fix: string
}

const ENGINE_REGISTRY = path.join(ENGINE_DIR, 'registry.ts')
const ZIWEI_DIR = path.join(ENGINE_DIR, 'ziwei')
const SHARED = new Set(SHARED_MODULES.map((file) => path.join(src, file)))
const under = (pageName: string, entries: readonly string[]) =>
  entries.some((entry) => pageName === entry || pageName.startsWith(entry + '/'))

const GROUPS: AsyncGroup[] = [
  {
    what: 'the calculation engine',
    host: path.join(src, 'platform', 'engine-async.ts'),
    name: 'engineChunk',
    registry: ENGINE_REGISTRY,
    base: ENGINE_DIR,
    member: (file = '') =>
      file.startsWith(ENGINE_DIR) &&
      !file.startsWith(ZIWEI_DIR + path.sep) &&
      file.endsWith('.ts') &&
      file !== ENGINE_REGISTRY,
    list: { mode: 'registry', base: ENGINE_DIR, dir: ENGINE_DIR, skip: [ZIWEI_DIR] },
    waits: (pageName) => under(pageName, ENGINE_PAGES),
    fix: 'add the page (or its subpackage) to ENGINE_PAGES (config/weapp-engine.ts)'
  },
  {
    what: 'the shared chunk',
    host: path.join(src, 'platform', 'shared-async.ts'),
    name: 'sharedChunk',
    registry: path.join(src, 'platform', 'shared-registry.ts'),
    base: src,
    member: (file = '') => SHARED.has(file),
    list: { mode: 'registry', base: src, files: [...SHARED] },
    waits: (pageName) => under(pageName, SUBPACKAGE_ROOTS),
    fix: 'the main package has it already: drop the module from SHARED_MODULES (config/weapp-shared.ts)'
  }
]

/** Taro marks the entry module of a page with its kind and page name. */
type TaroModule = Module & { miniType?: string; name?: string; resource?: string }
type Loaders = NormalModule['loaders']
const loaderOf = (module: Module, loader: string) => (module as NormalModule).loaders?.find((l) => l.loader === loader)

export class WeappEnginePlugin {
  apply(compiler: Compiler): void {
    for (const file of SHARED)
      if (!fs.existsSync(file))
        throw new Error(`${PLUGIN}: ${path.relative(src, file)} in SHARED_MODULES does not exist`)
    // Each chunk's loader, the pages' gate and the shared chunk's styles belong to the app's own chunk:
    // one copy, in the main package.
    compiler.hooks.make.tapPromise(PLUGIN, async (compilation) => {
      await Promise.all(
        [...GROUPS.map((g) => g.host), GATE, SHARED_STYLES].map(
          (file) =>
            new Promise<void>((resolve, reject) => {
              const dependency = compiler.webpack.EntryPlugin.createDependency(file, { name: 'app' })
              compilation.addInclude(compiler.context, dependency, { name: 'app' }, (error?: Error | null) =>
                error ? reject(error) : resolve()
              )
            })
        )
      )
    })
    // A member imported from outside its chunk becomes a stand-in that hands the module over from the
    // loaded chunk, so the module itself is bundled only there. One stand-in per importing module: it
    // travels with its importer, in one package.
    compiler.hooks.normalModuleFactory.tap(PLUGIN, (factory) => {
      factory.hooks.afterResolve.tap(PLUGIN, (resolveData) => {
        const data = resolveData.createData as { resource?: string; request?: string; loaders?: Loaders }
        const issuer = resolveData.contextInfo.issuer
        const group = GROUPS.find((g) => g.member(data.resource))
        if (!group) return
        if (group.member(issuer) || issuer === group.registry) {
          // The shared chunk's styles travel in the main package (src/platform/shared-styles.ts).
          if (group.base === src)
            data.loaders = [
              ...(data.loaders || []),
              { loader: STRIP_STYLES_LOADER, options: {}, ident: 'weapp-strip-styles', type: null } as Loaders[number]
            ]
          return
        }
        const key = './' + path.relative(group.base, data.resource!).split(path.sep).join('/')
        const ident = `weapp-engine-module:${key}:${path.relative(src, issuer || '')}`
        data.loaders = [
          {
            loader: MODULE_LOADER,
            options: { host: group.host, name: group.name, key },
            ident,
            type: null
          } as Loaders[number]
        ]
        data.request = `${MODULE_LOADER}??${ident}!${data.resource}`
      })
    })
    compiler.hooks.compilation.tap(PLUGIN, (compilation) => {
      compiler.webpack.NormalModule.getCompilationHooks(compilation).loader.tap(
        { name: PLUGIN, stage: 100 },
        (_context, normalModule: NormalModule) => {
          const module = normalModule as NormalModule & TaroModule
          for (const group of GROUPS) {
            if (module.resource === group.registry && !loaderOf(module, LIST_LOADER)) {
              module.loaders.unshift({
                loader: LIST_LOADER,
                options: group.list,
                ident: null,
                type: null
              } as Loaders[number])
            }
          }
          if (module.resource === SHARED_STYLES && !loaderOf(module, LIST_LOADER)) {
            module.loaders.unshift({
              loader: LIST_LOADER,
              options: { mode: 'styles', files: [...SHARED] },
              ident: null,
              type: null
            } as Loaders[number])
          }
          // After Taro's page loader has written a page's entry, wrap its component in withChunks.
          if (module.miniType !== 'PAGE' || loaderOf(module, PAGE_LOADER)) return
          const chunks = GROUPS.filter((g) => g.waits(module.name || '')).map((g) => ({ host: g.host, name: g.name }))
          if (chunks.length)
            module.loaders.unshift({
              loader: PAGE_LOADER,
              options: { gate: GATE, chunks },
              ident: null,
              type: null
            } as Loaders[number])
        }
      )
      compilation.hooks.finishModules.tap(PLUGIN, (modules) => {
        for (const group of GROUPS) this.checkReach(compiler, compilation, [...modules], group)
      })
      // A module an async chunk shares with the main package (a helper both use, React) is taken from the
      // main package, always loaded first: it joins the app's chunk, to stay in the main package.
      compilation.hooks.optimizeChunks.tap({ name: PLUGIN, stage: -100 }, (chunks) => {
        const { chunkGraph } = compilation
        const all = [...chunks]
        const app = all.find((c) => c.name === 'app')
        const isSub = (name = '') => under(name, SUBPACKAGE_ROOTS)
        for (const chunk of all.filter((c) => !c.canBeInitial() && isSub(c.name ?? ''))) {
          for (const module of [...chunkGraph.getChunkModulesIterable(chunk)]) {
            if (
              !app ||
              ![...chunkGraph.getModuleChunksIterable(module)].some((c) => c !== chunk && !isSub(c.name ?? ''))
            )
              continue
            chunkGraph.disconnectChunkAndModule(chunk, module)
            if (!chunkGraph.isModuleInChunk(module, app)) chunkGraph.connectChunkAndModule(app, module)
          }
        }
      })
      // Whatever Taro still copies into several subpackages (its sub-common) fails the build, named.
      compilation.hooks.afterOptimizeChunks.tap(PLUGIN, (chunks) => {
        for (const chunk of chunks) {
          if (!chunk.name?.startsWith('sub-common/')) continue
          for (const module of compilation.chunkGraph.getChunkModulesIterable(chunk)) {
            const file = (module as NormalModule).resource
              ? path.relative(src, (module as NormalModule).resource)
              : module.identifier()
            compilation.errors.push(
              new compiler.webpack.WebpackError(
                `${PLUGIN}: ${file} would be copied into several subpackages; add it to SHARED_MODULES ` +
                  `(config/weapp-shared.ts)`
              )
            )
          }
        }
      })
    })
  }

  /**
   * A page that does not wait for the chunk (or the app) but reaches one of its members would use it before it arrives.
   */
  private checkReach(compiler: Compiler, compilation: Compilation, modules: Module[], group: AsyncGroup) {
    const { moduleGraph } = compilation
    const standIns = (module: Module) => loaderOf(module, MODULE_LOADER)?.options as { name?: string } | undefined
    // A member of another chunk is reached through that chunk's stand-ins, not its registry.
    const standInsOf = new Map<string, Module[]>()
    for (const m of modules) {
      const resource = (m as NormalModule).resource
      if (standIns(m) && resource) standInsOf.set(resource, [...(standInsOf.get(resource) || []), m])
    }
    const queue: Module[] = modules.filter((m) => standIns(m)?.name === group.name)
    const seen = new Set<Module>(queue)
    const push = (m: Module) => {
      if (!seen.has(m)) {
        seen.add(m)
        queue.push(m)
      }
    }
    while (queue.length) {
      const module = queue.pop() as TaroModule
      if ((module.miniType === 'PAGE' && !group.waits(module.name || '')) || module.miniType === 'ENTRY') {
        const who = module.miniType === 'ENTRY' ? 'the app' : `page ${module.name}`
        compilation.errors.push(
          new compiler.webpack.WebpackError(
            `${PLUGIN}: ${who} reaches ${group.what} but does not wait for it, so it would use it before ` +
              `it arrives; ${group.fix}`
          )
        )
      }
      for (const connection of moduleGraph.getIncomingConnections(module)) {
        const origin = connection.originModule
        if (!origin || seen.has(origin)) continue
        // The gate's deferred require of its page is where waiting happens: not a way through.
        const gate = loaderOf(origin, PAGE_LOADER)?.options as { chunks?: { name: string }[] } | undefined
        if (gate?.chunks?.some((c) => c.name === group.name)) continue
        const registry = GROUPS.find((g) => (origin as NormalModule).resource === g.registry && g !== group)
        if (registry) {
          const resource = (module as NormalModule).resource
          for (const standIn of standInsOf.get(resource || '') || []) push(standIn)
          continue
        }
        push(origin)
      }
    }
  }
}
