import { defineConfig } from '@tarojs/cli'

// taro init's defaults (React, webpack 5), production build; the output folder comes from the bench.
export default defineConfig(async () => ({
  projectName: 'empty-taro',
  date: '2026-11-25',
  designWidth: 750,
  deviceRatio: { 640: 2.34 / 2, 750: 1, 375: 2, 828: 1.81 / 2 },
  sourceRoot: 'src',
  outputRoot: process.env.OUTPUT_ROOT || 'dist',
  plugins: [],
  defineConstants: {},
  copy: { patterns: [], options: {} },
  framework: 'react',
  compiler: 'webpack5',
  cache: { enable: false },
  mini: {},
  h5: {
    publicPath: '/',
    staticDirectory: 'static',
    output: { filename: 'js/[name].[hash:8].js', chunkFilename: 'js/[name].[chunkhash:8].js' },
    miniCssExtractPluginOption: {
      ignoreOrder: true,
      filename: 'css/[name].[hash].css',
      chunkFilename: 'css/[name].[chunkhash].css'
    },
    postcss: { autoprefixer: { enable: true, config: {} }, cssModules: { enable: false } }
  }
}))
