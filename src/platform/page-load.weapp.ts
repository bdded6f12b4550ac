/** The mini-program loads its packages itself and shows its own loading and failure screens. */
export function watchPageLoads(): void {}
