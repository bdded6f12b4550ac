/**
 * Every module of the mini-program's shared chunk by its path from src ('./components/course/Outline.tsx'),
 * for src/platform/shared-async.ts. The mini-program build writes the list (config/weapp-async-list.js).
 */
export function registry(key: string): unknown {
  throw new Error(`the shared registry is built for the mini-program only (${key})`)
}
