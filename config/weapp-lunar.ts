// Mini-program only: lunar-javascript ships once. Taro's subpackage optimisation copies a module that
// several subpackages use into each of them (sub-common), and the date library is used by five; here it
// is a chunk of its own in the pages/tools subpackage, fetched with require.async (分包异步化), and the
// pages that compute dates wait for it (docs/mini-program-packages.md).
import path from 'node:path'
import type { Compiler, Module, NormalModule } from 'webpack'

const src = path.join(__dirname, '..', 'src')
export const LUNAR_ASYNC = path.join(src, 'platform', 'lunar-async.ts')
export const LUNAR_GATE = path.join(src, 'components', 'LunarGate', 'index.tsx')
const PAGE_LOADER = path.join(__dirname, 'weapp-lunar-page.js')
/** Subpackages whose pages compute dates; the build fails if a page elsewhere reaches the library. */
export const LUNAR_PACKAGES = ['pages/tools', 'tools', 'calculation', 'pages/bazi', 'pages/qmdj']
const PLUGIN = 'WeappLunarPlugin'

/** Taro marks the entry module of a page with its kind and page name. */
type TaroModule = Module & { miniType?: string; name?: string; resource?: string }

const gated = (pageName = '') => LUNAR_PACKAGES.some((root) => pageName.startsWith(root + '/'))

export class WeappLunarPlugin {
  apply(compiler: Compiler): void {
    // The stand-in and the gate belong to the app's own chunk: one copy, in the main package.
    compiler.hooks.make.tapPromise(PLUGIN, async (compilation) => {
      await Promise.all(
        [LUNAR_ASYNC, LUNAR_GATE].map(
          (file) =>
            new Promise<void>((resolve, reject) => {
              const dependency = compiler.webpack.EntryPlugin.createDependency(file, { name: 'app' })
              compilation.addInclude(compiler.context, dependency, { name: 'app' }, (error?: Error | null) => (error ? reject(error) : resolve()))
            })
        )
      )
    })
    compiler.hooks.compilation.tap(PLUGIN, (compilation) => {
      // After Taro's page loader has written a page's entry, wrap its component in withLunar.
      compiler.webpack.NormalModule.getCompilationHooks(compilation).loader.tap({ name: PLUGIN, stage: 100 }, (_context, normalModule: NormalModule) => {
        const module = normalModule as NormalModule & TaroModule
        if (module.miniType !== 'PAGE' || !gated(module.name)) return
        if (module.loaders.some((l) => l.loader === PAGE_LOADER)) return
        module.loaders.unshift({ loader: PAGE_LOADER, options: { gate: LUNAR_GATE }, ident: null, type: null })
      })
      // A page outside those subpackages that reaches the library would compute before it arrives.
      compilation.hooks.finishModules.tap(PLUGIN, (modules) => {
        const { moduleGraph } = compilation
        const lunar = [...modules].find((m: TaroModule) => m.resource === LUNAR_ASYNC)
        if (!lunar) return
        const seen = new Set<Module>([lunar])
        const queue: Module[] = [lunar]
        while (queue.length) {
          const module = queue.pop() as TaroModule
          if (module.miniType === 'PAGE' && !gated(module.name)) {
            compilation.errors.push(new compiler.webpack.WebpackError(`${PLUGIN}: page ${module.name} reaches lunar-javascript but is not in LUNAR_PACKAGES (config/weapp-lunar.ts), so it would compute before the library arrives`))
          }
          for (const connection of moduleGraph.getIncomingConnections(module)) {
            const origin = connection.originModule
            if (origin && !seen.has(origin)) {
              seen.add(origin)
              queue.push(origin)
            }
          }
        }
      })
    })
  }
}
