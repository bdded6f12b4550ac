/** A minimal event: listeners subscribe, emit calls them all. */
export interface Signal<T> {
  subscribe(listener: (value: T) => void): () => void
  emit(value: T): void
}

export function createSignal<T = void>(): Signal<T> {
  const listeners = new Set<(value: T) => void>()
  return {
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    emit(value) {
      listeners.forEach((listener) => listener(value))
    }
  }
}
