// babel-preset-taro: https://docs.taro.zone/docs/next/babel-config
const taro = require('babel-preset-taro')

// The oldest JavaScript engines the mini-program meets: iOS 12's JavaScriptCore (WeChat's minimum iOS)
// and an Android WebView of the same age. Syntax cannot be polyfilled, so it is compiled down to ES2019
// (docs/mini-program.md; `npm run check:weapp` fails on anything newer).
const WEAPP_TARGETS = { ios: '12', chrome: '70' }

/**
 * Taro's preset with preset-env's `bugfixes`: for the Safari bugs of iOS 12-16 (destructuring, default
 * parameters, template caching) it then applies the small fixes instead of compiling destructuring and
 * parameters away everywhere (the main package 6 KB lighter). Taro's preset does not pass that option on;
 * its first override's first preset is preset-env.
 */
function taroWithBugfixes(api, options) {
  const config = taro(api, options)
  const presets = config.overrides[0].presets
  const [env, envOptions] = presets[0]
  if (!envOptions || !('targets' in envOptions)) throw new Error('babel-preset-taro: preset-env is no longer first')
  presets[0] = [env, { ...envOptions, bugfixes: true }]
  return config
}

const weapp = process.env.TARO_ENV === 'weapp'

module.exports = {
  // `a?.b` and `a ?? b` compiled as `a == null ? …`: nothing here reads `document.all`, the one value for which
  // the longer `a === null || a === void 0` form differs.
  ...(weapp ? { assumptions: { noDocumentAll: true } } : {}),
  presets: [
    [
      weapp ? taroWithBugfixes : 'taro',
      {
        framework: 'react',
        ts: true,
        compiler: 'webpack5',
        // The mini-program keeps import() as a real chunk, loaded by require.async
        // (src/platform/chunk-loading.weapp.ts), instead of Taro's default of an inline require.
        ...(weapp ? { 'dynamic-import-node': false, targets: WEAPP_TARGETS } : {})
      }
    ]
  ]
}
