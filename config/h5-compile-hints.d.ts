import type { Compiler } from 'webpack'

/** Has V8 compile the home's first scripts whole while they download (config/h5-compile-hints.js). */
export class CompileHintsPlugin {
  constructor(routes: string)
  apply(compiler: Compiler): void
}
