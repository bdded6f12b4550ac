/** The mini-program draws no early banner (src/platform/boot-banner.ts is the browser's). */
export function hideBootBanner(_afterPainted?: HTMLImageElement | null): void {}
