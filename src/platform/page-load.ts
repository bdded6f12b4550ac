/**
 * H5: page chunks load lazily; when one fails (flaky network, a deploy replaced it) Taro's router
 * rejects and the screen stays blank. Show a full-screen notice instead; tapping it reloads.
 */
export function watchPageLoadFailures(): void {
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
