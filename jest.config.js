// Suites: pure logic (engine, core), the API server, and browser tests (run on their own).
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2021'
    },
    module: { type: 'commonjs' }
  }
]
const node = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': swc },
  moduleNameMapper: { '^@/(.*)$': '<rootDir>/src/$1', '^@contract(.*)$': '<rootDir>/contract$1' }
}
// Page tests render our components on Taro's H5 runtime (jsdom), the way @tarojs/test-utils-react's
// preset does; its preset replaces setupFiles/transform instead of merging, so the parts are spelled out.
const taroUtils = (file) => require.resolve(`@tarojs/test-utils-react/dist/jest/${file}`)
const app = {
  displayName: 'app',
  roots: ['<rootDir>/tests/app'],
  testMatch: ['**/*.test.{ts,tsx}'],
  testEnvironment: 'jsdom',
  testEnvironmentOptions: { url: 'http://localhost/', customExportConditions: ['node', 'node-addons'] },
  setupFiles: ['<rootDir>/tests/app/setup.js'],
  transform: { '^.+\\.(js|jsx|ts|tsx|mjs)$': taroUtils('babel-transformer.js') },
  // Taro's runtime and the modules it pulls in ship ES modules: transform those (anywhere in the path).
  transformIgnorePatterns: [
    '^(?!.*(@tarojs|@stencil|swiper|ssr-window|dom7|lodash-es|query-string|decode-uri-component|split-on-fi' +
      'rst|filter-obj)).*/node_modules/'
  ],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'jsx', 'mjs', 'json'],
  moduleNameMapper: {
    '@tarojs/taro$': taroUtils('runtime/taro-h5.js'),
    '@tarojs/components$': '@tarojs/components/lib/react/index',
    '^@/(.*)$': '<rootDir>/src/$1',
    '^@contract(.*)$': '<rootDir>/contract$1',
    '\\.(css|scss)$': '<rootDir>/tests/app/style-stub.js'
  },
  globals: {
    ENABLE_INNER_HTML: true,
    ENABLE_ADJACENT_HTML: true,
    ENABLE_SIZE_APIS: true,
    DEPRECATED_ADAPTER_COMPONENT: false,
    ENABLE_TEMPLATE_CONTENT: true,
    ENABLE_MUTATION_OBSERVER: true,
    ENABLE_CLONE_NODE: true,
    ENABLE_CONTAINS: true,
    __TARO_FRAMEWORK__: 'react'
  }
}

// The server and mini-program suites copy one migrated template database per run instead of migrating per file.
const templateDb = {
  globalSetup: '<rootDir>/tests/server/global-setup.ts',
  globalTeardown: '<rootDir>/tests/server/global-teardown.ts'
}

module.exports = {
  // The server suite opens an embedded PostgreSQL per file; its first open takes seconds.
  testTimeout: 60000,
  projects: [
    { ...node, displayName: 'unit', roots: ['<rootDir>/tests/unit'] },
    { ...node, ...templateDb, displayName: 'server', roots: ['<rootDir>/tests/server'] },
    app,
    // dist/weapp run in a headless mini-program runtime against the real server (npm run test:weapp).
    { ...node, ...templateDb, displayName: 'weapp', roots: ['<rootDir>/tests/weapp'], testMatch: ['**/*.weapp.ts'] },
    // Real Chromium against the running server; needs dist/h5 (npm run test:e2e).
    {
      ...node,
      displayName: 'e2e',
      roots: ['<rootDir>/tests/e2e'],
      testMatch: ['**/*.e2e.ts'],
      // Every server starts from a copy of one data folder prepared here instead of creating its database.
      globalSetup: '<rootDir>/tests/e2e/global-setup.ts',
      globalTeardown: '<rootDir>/tests/e2e/global-teardown.ts'
    }
  ]
}
