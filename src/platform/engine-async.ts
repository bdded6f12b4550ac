/**
 * The calculation engine (`src/metaphysics` with the date library, about 720 KB) in the mini-program:
 * one chunk in the pages/tools subpackage (which the home preloads), fetched with WeChat's
 * require.async by the pages that compute (docs/mini-program-packages.md), instead of a copy in every
 * subpackage that uses it. The build hands an engine module to the rest of the app through
 * `engineModule`, and runs such a page's code only after `loadEngine()` (config/weapp-engine.ts).
 */
type Registry = (key: string) => unknown

let registry: Registry | undefined
let loading: Promise<void> | undefined

export function engineLoaded(): boolean {
  return registry !== undefined
}

export function loadEngine(): Promise<void> {
  loading ??= import(/* webpackChunkName: "pages/tools/engine" */ '@/metaphysics/registry').then(
    (chunk) => {
      registry = chunk.engineRegistry
    },
    (error: unknown) => {
      // A failed download may be retried.
      loading = undefined
      throw error
    }
  )
  return loading
}

/** An engine module by its path in src/metaphysics ('./bazi/index.ts'); the engine must be loaded. */
export function engineModule(key: string): unknown {
  if (!registry) throw new Error(`the calculation engine is not loaded yet (${key})`)
  return registry(key)
}
