import { defineConfig, type UserConfigExport } from '@tarojs/cli'
import TsconfigPathsPlugin from 'tsconfig-paths-webpack-plugin'
import devConfig from './dev'
import prodConfig from './prod'

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
    mini: {
      postcss: {
        pxtransform: { enable: true, config: {} },
        cssModules: { enable: false }
      },
      webpackChain(chain) {
        chain.resolve.plugin('tsconfig-paths').use(TsconfigPathsPlugin)
      }
    },
    h5: {
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
      postcss: {
        autoprefixer: { enable: true, config: {} },
        cssModules: { enable: false }
      },
      webpackChain(chain) {
        chain.resolve.plugin('tsconfig-paths').use(TsconfigPathsPlugin)
        // Taro's default (chunks: 'initial') copies shared code into every page chunk.
        chain.optimization.splitChunks({ chunks: 'all' })
      }
    }
  }
  if (process.env.NODE_ENV === 'development') return merge({}, baseConfig, devConfig)
  return merge({}, baseConfig, prodConfig)
})
