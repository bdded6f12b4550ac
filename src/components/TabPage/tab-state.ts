import { makeAutoObservable } from 'mobx'

/** Which tab panel is shown and which have been visited (kept mounted so they keep their state). */
class TabState {
  active = 0
  visited: number[] = []
  /** Saved scroll offset per tab, restored when the tab is shown again. */
  scroll: Record<number, number> = {}

  constructor() {
    makeAutoObservable(this)
  }

  show(index: number) {
    this.active = index
    if (!this.visited.includes(index)) this.visited.push(index)
  }

  saveScroll(index: number, top: number) {
    this.scroll[index] = top
  }
}

export const tabState = new TabState()
