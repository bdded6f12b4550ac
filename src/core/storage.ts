import { KEPT_ON_CLEAR, type StorageKey, type StorageSchema } from './storage-keys'

/** What a platform provides: synchronous key/value storage (Taro storage, localStorage, a Map in tests). */
export interface StorageBackend {
  get(key: string): unknown
  set(key: string, value: unknown): void
  remove(key: string): void
  clear(): void
}

/** Called after every change; `key` is undefined when everything was cleared. */
export type StorageListener = (key: StorageKey | undefined) => void

export interface AppStorage {
  get<K extends StorageKey>(key: K): StorageSchema[K] | undefined
  set<K extends StorageKey>(key: K, value: StorageSchema[K]): void
  remove(key: StorageKey): void
  clear(): void
  /** Stores (MobX) subscribe here so that a reset done by the request layer shows in the UI. */
  subscribe(listener: StorageListener): () => void
}

/** Platforms return '' for a missing key; the app treats '', null and undefined alike as "not set". */
const isUnset = (value: unknown) => value === undefined || value === null || value === ''

export function createStorage(backend: StorageBackend): AppStorage {
  const listeners = new Set<StorageListener>()
  const notify = (key: StorageKey | undefined) => listeners.forEach((listener) => listener(key))
  return {
    get(key) {
      const value = backend.get(key)
      return isUnset(value) ? undefined : (value as StorageSchema[typeof key])
    },
    set(key, value) {
      backend.set(key, value)
      notify(key)
    },
    remove(key) {
      backend.remove(key)
      notify(key)
    },
    clear() {
      const kept = KEPT_ON_CLEAR.map((key) => [key, backend.get(key)] as const).filter(([, value]) => !isUnset(value))
      backend.clear()
      for (const [key, value] of kept) backend.set(key, value)
      notify(undefined)
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    }
  }
}
