// H5 only. The router fetches the home page's chunks only once the entry chunks have downloaded and run,
// so on a slow network the home waits for them one round trip after the rest. This writes the files of
// the home page's chunks (JS and CSS) into index.html, where a script in the head preloads them when the
// address is the home's (src/index.html), in parallel with the entry chunks.
const fs = require('node:fs')

const { Compilation } = require('webpack')

// The list in src/index.html that the build fills in, in either quote style.
const MARKER = /\[\s*(['"])__HOME_CHUNK_FILES__\1\s*\]/
// The home page's path there (which addresses show the home).
const PAGE_MARKER = /__HOME_PAGE__/g

/**
 * The home page's path as contract/routes.ts names it (HOME); Taro's config cannot import that file.
 * @param {string} routes
 */
function homePage(routes) {
  const home = /export const HOME = '([^']+)'/.exec(fs.readFileSync(routes, 'utf8'))
  if (!home) throw new Error(`no HOME in ${routes}`)
  return home[1]
}

/**
 * The chunks the router loads for the home page, beyond the entry's own.
 * @param {import('webpack').Compilation} compilation
 * @param {string} page
 */
function homeChunks(compilation, page) {
  const chunks = new Set()
  for (const group of compilation.chunkGroups) {
    if (!group.origins.some((o) => o.request && o.request.replace(/\\/g, '/').endsWith(page))) continue
    for (const chunk of group.chunks) if (!chunk.canBeInitial()) chunks.add(chunk)
  }
  return chunks
}

class HomePreloadPlugin {
  /** @param {string} routes contract/routes.ts */
  constructor(routes) {
    this.page = homePage(routes)
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('HomePreloadPlugin', (compilation) => {
      // After html-webpack-plugin writes index.html (OPTIMIZE_INLINE) and before webpack settles the
      // content hashes (OPTIMIZE_HASH), which it then updates in index.html too.
      compilation.hooks.processAssets.tap(
        { name: 'HomePreloadPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_INLINE + 1 },
        () => {
          const html = compilation.getAsset('index.html')
          if (!html) return
          const source = html.source.source().toString()
          if (!MARKER.test(source)) return
          const files = new Set()
          for (const chunk of homeChunks(compilation, this.page))
            for (const file of chunk.files) if (/\.(js|css)$/.test(file)) files.add(file)
          if (!files.size) {
            compilation.warnings.push(new Error(`HomePreloadPlugin: no chunk found for ${this.page}`))
            return
          }
          const publicPath =
            compilation.outputOptions.publicPath === 'auto' ? '/' : compilation.outputOptions.publicPath
          const list = JSON.stringify([...files].sort().map((f) => publicPath + f))
          const filled = source.replace(MARKER, list).replace(PAGE_MARKER, this.page)
          compilation.updateAsset('index.html', new compiler.webpack.sources.RawSource(filled))
        }
      )
    })
  }
}

module.exports = { HomePreloadPlugin, homeChunks, homePage }
