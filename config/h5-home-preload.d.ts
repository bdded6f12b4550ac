import type { Compiler } from 'webpack'

/** Names the home page's chunk files in index.html (config/h5-home-preload.js). */
export class HomePreloadPlugin {
  constructor(routes: string)
  apply(compiler: Compiler): void
}
