/** The browser loads code chunks with webpack's own script tags. */
export function installChunkLoading(): void {}
