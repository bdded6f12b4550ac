/** Browser: the languages the user set, in order (navigator.languages; older browsers have navigator.language only). */
export function deviceLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return []
  if (navigator.languages?.length) return navigator.languages
  return navigator.language ? [navigator.language] : []
}

/** The browser tells when the user changes its languages; the app follows when nothing was chosen in 我的. */
export function onDeviceLanguageChange(listener: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined
  window.addEventListener('languagechange', listener)
  return () => window.removeEventListener('languagechange', listener)
}
