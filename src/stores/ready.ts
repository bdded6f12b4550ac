/**
 * Whether the stores (and MobX with them) have been loaded. Plain, so that what waits for them (H5's
 * login sheet host, src/platform/LoginSheetHost.tsx) can ask without loading them.
 */
let ready = false
const listeners = new Set<() => void>()

export const storesReady = {
  get: (): boolean => ready,
  subscribe(listener: () => void): () => void {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  set(): void {
    ready = true
    listeners.forEach((listener) => listener())
  }
}
