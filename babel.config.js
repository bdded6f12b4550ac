// babel-preset-taro: https://docs.taro.zone/docs/next/babel-config
module.exports = {
  presets: [
    [
      'taro',
      {
        framework: 'react',
        ts: true,
        compiler: 'webpack5',
        // The mini-program keeps import() as a real chunk, loaded by require.async
        // (src/platform/chunk-loading.weapp.ts), instead of Taro's default of an inline require.
        ...(process.env.TARO_ENV === 'weapp' ? { 'dynamic-import-node': false } : {})
      }
    ]
  ]
}
