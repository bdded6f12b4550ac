// Mini-program only: the calculation engine (src/metaphysics with lunar-javascript) ships once. Taro's
// subpackage optimisation copies a module that several subpackages use into each of them
// (sub-common), and the engine is used by many; here it is one chunk in the pages/tools subpackage,
// fetched with require.async (分包异步化), and the pages that compute wait for it
// (docs/mini-program-packages.md).
import path from 'node:path'

import type { Compiler, Module, NormalModule } from 'webpack'

const src = path.join(__dirname, '..', 'src')
const ENGINE_DIR = path.join(src, 'metaphysics') + path.sep
const ENGINE_REGISTRY = path.join(src, 'metaphysics', 'registry.ts')
const ENGINE_ASYNC = path.join(src, 'platform', 'engine-async.ts')
const ENGINE_GATE = path.join(src, 'components', 'EngineGate', 'index.tsx')
const PAGE_LOADER = path.join(__dirname, 'weapp-engine-page.js')
const MODULE_LOADER = path.join(__dirname, 'weapp-engine-module.js')
const REGISTRY_LOADER = path.join(__dirname, 'weapp-engine-registry.js')
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

/** Taro marks the entry module of a page with its kind and page name. */
type TaroModule = Module & { miniType?: string; name?: string; resource?: string }

const gated = (pageName = '') => ENGINE_PAGES.some((entry) => pageName === entry || pageName.startsWith(entry + '/'))
/**
 * A module of the engine chunk: src/metaphysics but its 紫微斗数 part (with its own library, for one page) and the
 * registry that lists them.
 */
const inEngine = (file = '') =>
  file.startsWith(ENGINE_DIR) &&
  !file.startsWith(ENGINE_DIR + 'ziwei' + path.sep) &&
  file.endsWith('.ts') &&
  file !== ENGINE_REGISTRY

export class WeappEnginePlugin {
  apply(compiler: Compiler): void {
    // The engine's loader and the pages' gate belong to the app's own chunk: one copy, in the main package.
    compiler.hooks.make.tapPromise(PLUGIN, async (compilation) => {
      await Promise.all(
        [ENGINE_ASYNC, ENGINE_GATE].map(
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
    // An engine module imported from outside the engine becomes a stand-in that hands the module over
    // from the loaded chunk, so the module itself is bundled only there.
    compiler.hooks.normalModuleFactory.tap(PLUGIN, (factory) => {
      factory.hooks.afterResolve.tap(PLUGIN, (resolveData) => {
        const data = resolveData.createData as {
          resource?: string
          request?: string
          userRequest?: string
          loaders?: unknown[]
        }
        const issuer = resolveData.contextInfo.issuer
        if (!inEngine(data.resource) || inEngine(issuer) || issuer === ENGINE_REGISTRY) return
        const key = './' + path.relative(ENGINE_DIR, data.resource!).split(path.sep).join('/')
        data.loaders = [
          {
            loader: MODULE_LOADER,
            options: { engine: ENGINE_ASYNC, key },
            ident: `weapp-engine-module:${key}`,
            type: null
          }
        ]
        data.request = `${MODULE_LOADER}??weapp-engine-module:${key}!${data.resource}`
      })
    })
    compiler.hooks.compilation.tap(PLUGIN, (compilation) => {
      // After Taro's page loader has written a page's entry, wrap its component in withEngine.
      compiler.webpack.NormalModule.getCompilationHooks(compilation).loader.tap(
        { name: PLUGIN, stage: 100 },
        (_context, normalModule: NormalModule) => {
          const module = normalModule as NormalModule & TaroModule
          if (module.resource === ENGINE_REGISTRY && !module.loaders.some((l) => l.loader === REGISTRY_LOADER)) {
            module.loaders.unshift({ loader: REGISTRY_LOADER, options: {}, ident: null, type: null })
          }
          if (module.miniType !== 'PAGE' || !gated(module.name)) return
          if (module.loaders.some((l) => l.loader === PAGE_LOADER)) return
          module.loaders.unshift({ loader: PAGE_LOADER, options: { gate: ENGINE_GATE }, ident: null, type: null })
        }
      )
      // A page outside those subpackages (or the app) that reaches the engine would compute before it arrives.
      compilation.hooks.finishModules.tap(PLUGIN, (modules) => {
        const { moduleGraph } = compilation
        const queue: Module[] = [...modules].filter((m) =>
          (m as NormalModule).loaders?.some((l) => l.loader === MODULE_LOADER)
        )
        const seen = new Set<Module>(queue)
        while (queue.length) {
          const module = queue.pop() as TaroModule
          if ((module.miniType === 'PAGE' && !gated(module.name)) || module.miniType === 'ENTRY') {
            const who = module.miniType === 'ENTRY' ? 'the app' : `page ${module.name}`
            compilation.errors.push(
              new compiler.webpack.WebpackError(
                `${PLUGIN}: ${who} reaches the calculation engine but is not in ENGINE_PAGES ` +
                  `(config/weapp-engine.ts), so it would compute before the engine arrives`
              )
            )
          }
          for (const connection of moduleGraph.getIncomingConnections(module)) {
            const origin = connection.originModule
            // The gate's deferred require of its page is where waiting happens: not a way through.
            if (
              origin &&
              !seen.has(origin) &&
              !(origin as NormalModule).loaders?.some((l) => l.loader === PAGE_LOADER)
            ) {
              seen.add(origin)
              queue.push(origin)
            }
          }
        }
      })
    })
  }
}
