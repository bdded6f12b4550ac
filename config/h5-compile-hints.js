// H5 only. V8 compiles a function the first time it is called, on the main thread, in the middle of
// whatever task called it: the app's start (React DOM, Taro's runtime and router, the home page) paid
// ~100 ms of such compiling here, spread over the tasks that follow the home's first paint. A script whose
// first line is the magic comment below is compiled whole while it downloads, off the main thread
// (V8's explicit compile hints, Chrome 136+; other engines read a comment). Only the scripts the home's
// first load runs get it: the entry's chunks and the home page's; compiling every page's chunk whole
// would spend memory on code that may never run.
const { Compilation } = require('webpack')

const { homeChunks, homePage } = require('./h5-home-preload')

const HINT = '//# allFunctionsCalledOnLoad\n'

class CompileHintsPlugin {
  /** @param {string} routes contract/routes.ts, which names the home page */
  constructor(routes) {
    this.page = homePage(routes)
  }

  apply(compiler) {
    const { ConcatSource } = compiler.webpack.sources
    compiler.hooks.thisCompilation.tap('CompileHintsPlugin', (compilation) => {
      // After minifying (which would drop the comment, and puts its own license comment first) and
      // before webpack settles the content hashes of the file names.
      compilation.hooks.processAssets.tap(
        { name: 'CompileHintsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE },
        () => {
          const chunks = new Set(homeChunks(compilation, this.page))
          for (const entry of compilation.entrypoints.values()) for (const chunk of entry.chunks) chunks.add(chunk)
          for (const chunk of chunks)
            for (const file of chunk.files)
              if (file.endsWith('.js')) compilation.updateAsset(file, (source) => new ConcatSource(HINT, source))
        }
      )
    })
  }
}

module.exports = { CompileHintsPlugin }
