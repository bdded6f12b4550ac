/** Heights of the status bar and our navigation bar, in px. H5 has no status bar to clear. */
export function navMetrics(): { statusBar: number; bar: number } {
  return { statusBar: 0, bar: 44 }
}
