// H5 only. Taro's H5 platform plugin writes into the app's entry an import and a definition of its
// pull-down web component; this gives Taro's router src/platform/PullDown.tsx as the pull-down wrapper
// instead (why: that file).
const path = require('node:path')

const TARO_IMPORT = "import { defineCustomElementTaroPullToRefreshCore } from '@tarojs/components/dist/components'\n"
const TARO_CALL = 'defineCustomElementTaroPullToRefreshCore()\n'
const OURS = path.join(__dirname, '..', 'src', 'platform', 'PullDown.tsx')

/** @param {import('webpack-chain')} chain */
function usePlainPullDown(chain) {
  chain.plugin('mainPlugin').tap(([options, ...rest]) => {
    const meta = options.loaderMeta
    // Fails the build if Taro ever writes these lines differently, rather than shipping both.
    if (!meta || !meta.extraImportForWeb.includes(TARO_IMPORT) || !meta.execBeforeCreateWebApp.includes(TARO_CALL))
      throw new Error('config/h5-pull-down.js: Taro no longer defines its pull-down component as expected')
    meta.extraImportForWeb = meta.extraImportForWeb.replace(
      TARO_IMPORT,
      `import PullDown from ${JSON.stringify(OURS)}\n`
    )
    // The router wraps a page in config.PullDownRefresh when it is set (Taro's own H5 React components do the same).
    meta.execBeforeCreateWebApp = meta.execBeforeCreateWebApp.replace(TARO_CALL, 'config.PullDownRefresh = PullDown\n')
    return [options, ...rest]
  })
}

module.exports = { usePlainPullDown }
