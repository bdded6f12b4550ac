/**
 * Every engine module by its path ('./bazi/index.ts'), for the mini-program's engine chunk
 * (src/platform/engine-async.ts). The mini-program build writes the list (config/weapp-async-list.js);
 * 紫微斗数 (./ziwei, with its own library) is left to its one page.
 */
export function registry(key: string): unknown {
  throw new Error(`the engine registry is built for the mini-program only (${key})`)
}
