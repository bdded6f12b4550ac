import type { StorageBackend } from '../../../src/core/storage'

/** A storage backend over a Map, standing in for the platform's storage in tests. */
export function createMemoryBackend(): StorageBackend & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>()
  return {
    data,
    get: (key) => data.get(key),
    set: (key, value) => void data.set(key, value),
    remove: (key) => void data.delete(key),
    clear: () => data.clear()
  }
}
