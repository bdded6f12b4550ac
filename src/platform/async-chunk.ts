/**
 * A code chunk the mini-program fetches on demand with WeChat's require.async (分包异步化) instead of
 * a copy in every subpackage that uses it (docs/mini-program-packages.md). The build hands each module
 * of the chunk to the rest of the app through `module(key)`, and runs a page that uses one only after
 * `load()` (config/weapp-engine.ts).
 */
export interface AsyncChunk {
  loaded(): boolean
  load(): Promise<void>
  /** A module of the chunk by its path ('./bazi/index.ts'); the chunk must be loaded. */
  module(key: string): unknown
}

type Registry = (key: string) => unknown

export function asyncChunk(what: string, fetch: () => Promise<{ registry: Registry }>): AsyncChunk {
  let registry: Registry | undefined
  let loading: Promise<void> | undefined
  return {
    loaded: () => registry !== undefined,
    load() {
      loading ??= fetch().then(
        (chunk) => {
          registry = chunk.registry
        },
        (error: unknown) => {
          // A failed download may be retried.
          loading = undefined
          throw error
        }
      )
      return loading
    },
    module(key) {
      if (!registry) throw new Error(`${what} is not loaded yet (${key})`)
      return registry(key)
    }
  }
}
