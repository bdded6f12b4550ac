/**
 * Which tab panel is shown and which have been visited (kept mounted so they keep their state). A plain
 * store read with React's useSyncExternalStore: the tab pages, the home among them, need no MobX.
 */
export interface TabSnapshot {
  active: number
  visited: number[]
}

class TabState {
  private snapshot: TabSnapshot = { active: 0, visited: [] }
  private readonly listeners = new Set<() => void>()
  /** Saved scroll offset per tab, restored when the tab is shown again. */
  readonly scroll: Record<number, number> = {}

  get active(): number {
    return this.snapshot.active
  }

  get visited(): number[] {
    return this.snapshot.visited
  }

  show(index: number) {
    const { active, visited } = this.snapshot
    if (active === index && visited.includes(index)) return
    this.snapshot = { active: index, visited: visited.includes(index) ? visited : [...visited, index] }
    this.listeners.forEach((listener) => listener())
  }

  saveScroll(index: number, top: number) {
    this.scroll[index] = top
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  getSnapshot = (): TabSnapshot => this.snapshot
}

export const tabState = new TabState()
