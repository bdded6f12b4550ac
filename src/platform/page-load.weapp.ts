/** The mini-program loads its packages itself and shows its own failure screen. */
export function watchPageLoadFailures(): void {}
