type LoadScript = (
  url: string,
  done: (event: { type: string; target: { src: string } }) => void,
  key: string,
  chunkId: string | number
) => void
declare const __webpack_require__: { l?: LoadScript; u?: (chunkId: string | number) => string }
declare const __non_webpack_require__: { async(path: string): Promise<unknown> }

/**
 * A code chunk loaded on demand (the calculation engine, in another subpackage) comes through WeChat's
 * require.async (分包异步化, base library 2.11.2+), which downloads its subpackage first; a mini-program
 * has no script tags. This module sits in the main package's root, so a chunk's file name is its path.
 */
export function installChunkLoading(): void {
  __webpack_require__.l = (url, done, _key, chunkId) => {
    const file = `./${__webpack_require__.u ? __webpack_require__.u(chunkId) : url.replace(/^\/+/, '')}`
    __non_webpack_require__.async(file).then(
      () => done({ type: 'load', target: { src: file } }),
      () => done({ type: 'error', target: { src: file } })
    )
  }
}
