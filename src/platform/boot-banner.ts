interface BootBanner {
  hide(): void
}

/**
 * H5: index.html draws the home's first banner over the carousel's box before the app's code has run
 * (src/index.html). It is hidden once the carousel has painted its own first picture (`afterPainted`),
 * or at once when the home draws no carousel (an error, no banners).
 */
export function hideBootBanner(afterPainted?: HTMLImageElement | null): void {
  const early = (window as { __yixueBootBanner?: BootBanner }).__yixueBootBanner
  if (!early) return
  if (!afterPainted) return early.hide()
  // Decoded, then two frames: the carousel's picture is on screen before the early one goes.
  const hide = () => requestAnimationFrame(() => requestAnimationFrame(() => early.hide()))
  afterPainted.decode().then(hide, hide)
}
