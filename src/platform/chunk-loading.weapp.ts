type LoadScript = (
  url: string,
  done: (event: { type: string; target: { src: string } }) => void,
  key: string,
  chunkId: string | number
) => void
declare const __webpack_require__: { l?: LoadScript; u?: (chunkId: string | number) => string }
declare const __non_webpack_require__: { async(path: string): Promise<unknown> }

/**
 * Every chunk loaded on demand, each by a literal require.async: WeChat's code analysis and its upload
 * filter (上传时过滤无依赖文件) keep only files some code names, and drop a file reached by a computed path.
 * The names are the webpackChunkName of src/platform/engine-async.ts and src/platform/shared-async.ts;
 * `npm run check:weapp` fails when a chunk of the build is missing here (a file nothing references).
 */
const CHUNKS: Record<string, () => Promise<unknown>> = {
  './pages/tools/engine.js': () => __non_webpack_require__.async('./pages/tools/engine.js'),
  './pages/my/shared.js': () => __non_webpack_require__.async('./pages/my/shared.js')
}

/**
 * A code chunk loaded on demand (the calculation engine, in another subpackage) comes through WeChat's
 * require.async (分包异步化, base library 2.11.2+), which downloads its subpackage first; a mini-program
 * has no script tags. This module sits in the main package's root, so a chunk's file name is its path.
 */
export function installChunkLoading(): void {
  __webpack_require__.l = (url, done, _key, chunkId) => {
    const file = `./${__webpack_require__.u ? __webpack_require__.u(chunkId) : url.replace(/^\/+/, '')}`
    const load = CHUNKS[file]
    const loaded = load ? load() : Promise.reject(new Error(`chunk ${file} is not in CHUNKS`))
    loaded.then(
      () => done({ type: 'load', target: { src: file } }),
      () => done({ type: 'error', target: { src: file } })
    )
  }
}
