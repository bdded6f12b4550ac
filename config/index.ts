import path from 'node:path'

import { defineConfig, type UserConfigExport } from '@tarojs/cli'
import TsconfigPathsPlugin from 'tsconfig-paths-webpack-plugin'
import webpack from 'webpack'

import devConfig from './dev'
import { CompileHintsPlugin } from './h5-compile-hints'
import { HomePreloadPlugin } from './h5-home-preload'
import { usePlainPullDown } from './h5-pull-down'
import prodConfig from './prod'
import { WeappEnginePlugin } from './weapp-engine'

const CONTRACT = path.resolve(__dirname, '..', 'contract')

// One codebase, two targets: `--type h5` (hash router, lazy page chunks) and `--type weapp`.
export default defineConfig<'webpack5'>(async (merge) => {
  const baseConfig: UserConfigExport<'webpack5'> = {
    projectName: 'yixue',
    date: '2026-11-22',
    // Design width 375: a px in our styles is a CSS px on a 375px-wide phone.
    designWidth: 375,
    deviceRatio: { 375: 2, 640: 2.34 / 2, 750: 1, 828: 1.81 / 2 },
    sourceRoot: 'src',
    // OUTPUT_ROOT lets a second build go elsewhere (the server serves DIST_DIR, default dist/h5).
    outputRoot: process.env.OUTPUT_ROOT || `dist/${process.env.TARO_ENV}`,
    plugins: [],
    defineConstants: {},
    env: {
      API_BASE: JSON.stringify(process.env.API_BASE || ''),
      H5_URL: JSON.stringify(process.env.H5_URL || '')
    },
    copy: { patterns: [], options: {} },
    framework: 'react',
    compiler: 'webpack5',
    cache: { enable: false },
    // H5 minifying: Taro's defaults keep function names and quote every key; no code here reads a
    // function's name.
    ...(process.env.TARO_ENV === 'h5'
      ? {
          terser: {
            enable: true,
            config: { keep_fnames: false, ecma: 2015, compress: { passes: 2 }, output: { quote_keys: false } }
          }
        }
      : {
          // Mini-program minifying: Taro's default writes every non-ASCII character as \uXXXX (6 bytes where UTF-8
          // takes 3), which doubles the bytes of each Chinese string; WeChat reads the files as UTF-8.
          terser: { enable: true, config: { output: { ascii_only: false } } }
        }),
    mini: {
      // contract/ (shared with the server) sits outside src/, which alone Taro compiles by default.
      compile: { include: [CONTRACT] },
      // Without Taro's HTML parser (~10 KB of the main package): the mini-program draws HTML with RichText's `nodes`
      // and never sets innerHTML, which ESLint keeps so (eslint.config.mjs; docs/mini-program-packages.md).
      runtime: { enableInnerHTML: false },
      postcss: {
        pxtransform: { enable: true, config: {} },
        cssModules: { enable: false }
      },
      webpackChain(chain) {
        chain.resolve.plugin('tsconfig-paths').use(TsconfigPathsPlugin)
        // The calculation engine ships once, in one subpackage (config/weapp-engine.ts).
        chain.plugin('weapp-engine').use(WeappEnginePlugin)
      }
    },
    h5: {
      compile: { include: [CONTRACT] },
      publicPath: '/',
      staticDirectory: 'static',
      output: {
        filename: 'js/[name].[contenthash:8].js',
        chunkFilename: 'js/[name].[contenthash:8].js'
      },
      miniCssExtractPluginOption: {
        ignoreOrder: true,
        filename: 'css/[name].[contenthash:8].css',
        chunkFilename: 'css/[name].[contenthash:8].css'
      },
      router: { mode: 'hash' },
      // src/index.html writes the stylesheets and loads the entry scripts itself (after the first paint
      // when it draws the home's first banner).
      htmlPluginOption: { inject: false },
      postcss: {
        autoprefixer: { enable: true, config: {} },
        cssModules: { enable: false }
      },
      webpackChain(chain) {
        chain.resolve.plugin('tsconfig-paths').use(TsconfigPathsPlugin)
        // Taro's default (chunks: 'initial') copies shared code into every page chunk.
        chain.optimization.splitChunks({ chunks: 'all' })
        // What the home route loads (docs/design.md yardstick: initial JS <= 150 KB gzip):
        // each Taro component ships only with the pages that use it ...
        chain.module
          .rule('script')
          .use('babelLoader')
          .tap((options = {}) => ({
            ...options,
            plugins: [...(options.plugins || []), path.join(__dirname, 'h5-components.js')]
          }))
        // ... the Swiper component brings only the Swiper modules it drives ...
        chain.resolve.alias.set('swiper/bundle$', path.join(__dirname, 'swiper-lite.js'))
        // ... no fetch / AbortController polyfills: every browser in package.json's browserslist has both,
        // and no JSONP client: no request of ours asks for JSONP ...
        chain.merge({
          resolve: {
            alias: {
              'whatwg-fetch$': false,
              'abortcontroller-polyfill/dist/abortcontroller-polyfill-only$': false,
              'jsonp-retry$': false
            }
          }
        })
        // ... a plain pull-down refresh, not Taro's web component and the web-component runtime with it ...
        usePlainPullDown(chain)
        // ... the entry evaluated a module at a time, not in one long task (config/h5-staged-entry.js;
        // 'pre': it runs first of the project's loaders, on what Taro's H5 loader wrote) ...
        chain.module
          .rule('h5-staged-entry')
          .test(path.join(__dirname, '..', 'src', 'app.config.ts'))
          .enforce('pre')
          .use('staged-entry')
          .loader(path.join(__dirname, 'h5-staged-entry.js'))
        // ... the home page's own chunks are named in index.html, which preloads them on the home's address ...
        chain.plugin('home-preload').use(HomePreloadPlugin, [path.join(CONTRACT, 'routes.ts')])
        // ... the scripts of the home's first load are compiled while they download, not as they first run ...
        chain.plugin('compile-hints').use(CompileHintsPlugin, [path.join(CONTRACT, 'routes.ts')])
        // ... and not Taro's own tab bar and navigation bar, which our custom ones leave never shown.
        const ROUTER_PARTS: Record<string, string> = {
          './tabbar.js': 'router-tabbar.js',
          './navigationBar.js': 'router-navigation-bar.js'
        }
        chain.plugin('router-parts').use(webpack.NormalModuleReplacementPlugin, [
          /^\.\/(tabbar|navigationBar)\.js$/,
          (resource: { context: string; request: string }) => {
            if (/@tarojs[\\/]router[\\/]dist$/.test(resource.context))
              resource.request = path.join(__dirname, ROUTER_PARTS[resource.request])
          }
        ])
      }
    }
  }
  if (process.env.NODE_ENV === 'development') return merge({}, baseConfig, devConfig)
  return merge({}, baseConfig, prodConfig)
})
