import { t } from './i18n'

export interface LoadingUi {
  showLoading(title: string, mask: boolean): void
  hideLoading(): void
}

export interface LoadingCounter {
  /** Starts one call's share of the indicator; the returned function ends it (safe to call twice). */
  begin(options?: { delay?: number; mask?: boolean }): () => void
}

/**
 * Overlapping calls share ONE loading indicator: it is shown by the first call that wants it
 * (after that call's delay) and hidden when the last call that counted ends.
 */
export function createLoadingCounter(
  ui: LoadingUi,
  timers: Pick<typeof globalThis, 'setTimeout' | 'clearTimeout'> = globalThis
): LoadingCounter {
  let active = 0
  let visible = false
  const show = (mask: boolean) => {
    if (visible || active === 0) return
    visible = true
    ui.showLoading(t('common.loading'), mask)
  }
  return {
    begin({ delay = 0, mask = false } = {}) {
      active += 1
      let timer: ReturnType<typeof setTimeout> | undefined
      if (delay > 0) timer = timers.setTimeout(() => show(mask), delay)
      else show(mask)
      let ended = false
      return () => {
        if (ended) return
        ended = true
        if (timer !== undefined) timers.clearTimeout(timer)
        active -= 1
        if (active === 0 && visible) {
          visible = false
          ui.hideLoading()
        }
      }
    }
  }
}
