import type { Compiler } from 'webpack'

/** The first line of the scripts the home's first load runs (config/h5-compile-hints.js). */
export const HINT: string

/** Has V8 compile the home's first scripts whole while they download (config/h5-compile-hints.js). */
export class CompileHintsPlugin {
  constructor(routes: string)
  apply(compiler: Compiler): void
}
