import { ASYNC_PAGE_LOAD_DELAY, ASYNC_PAGE_LOAD_TIMEOUT } from '@/core/constants'
import type { LoadingCounter } from '@/core/loading'

import { loadingIndicator } from './ui'

/** The part of webpack's runtime that loads a lazy chunk (a page, a tab panel, the calendar tables). */
interface ChunkRuntime {
  e: (chunkId: string | number) => Promise<unknown>
}
declare const __webpack_require__: ChunkRuntime | undefined

/**
 * H5 (docs/spec.md §8, §9): a lazily loaded screen shows the '加载中' indicator once its chunk has taken
 * ASYNC_PAGE_LOAD_DELAY (a fast load shows nothing), gives up after ASYNC_PAGE_LOAD_TIMEOUT, and a
 * failed load shows the reload view below.
 */
export function watchPageLoads(
  runtime: ChunkRuntime | undefined = typeof __webpack_require__ === 'undefined' ? undefined : __webpack_require__,
  indicator: LoadingCounter = loadingIndicator
): void {
  watchPageLoadFailures()
  if (!runtime?.e) return
  const load = runtime.e
  runtime.e = (chunkId) => {
    const done = indicator.begin({ delay: ASYNC_PAGE_LOAD_DELAY })
    let timer: ReturnType<typeof setTimeout> | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(Object.assign(new Error(`Loading chunk ${chunkId} failed (timeout)`), { name: 'ChunkLoadError' })),
        ASYNC_PAGE_LOAD_TIMEOUT
      )
    })
    return Promise.race([load(chunkId), timeout]).finally(() => {
      clearTimeout(timer)
      done()
    })
  }
}

/**
 * H5: page chunks load lazily; when one fails (flaky network, a deploy replaced it) Taro's router
 * rejects and the screen stays blank. Show a full-screen notice instead; tapping it reloads.
 */
function watchPageLoadFailures(): void {
  window.addEventListener('unhandledrejection', (event) => {
    const error = event.reason as { name?: string; message?: string } | undefined
    if (!error || !(error.name === 'ChunkLoadError' || /Loading (CSS )?chunk/i.test(error.message || ''))) return
    event.preventDefault()
    showReloadView()
  })
}

function showReloadView() {
  if (document.getElementById('page-load-failed')) return
  const view = document.createElement('div')
  view.id = 'page-load-failed'
  view.setAttribute('role', 'alert')
  view.style.cssText =
    'position:fixed;inset:0;z-index:9999;display:flex;flex-direction:column;align-items:center;' +
    'justify-content:center;background:#F8F8F8;color:#333;font-size:15px;cursor:pointer'
  view.innerHTML = '<div>页面加载失败</div><div style="margin-top:10px;color:#F57C00">点击重新加载</div>'
  view.addEventListener('click', () => location.reload())
  document.body.appendChild(view)
}
