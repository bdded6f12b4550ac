// Three suites: pure logic (engine, core), the API server, and page tests on Taro's H5 runtime.
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
  moduleNameMapper: { '^@/(.*)$': '<rootDir>/src/$1' }
}
module.exports = {
  // The server suite opens an embedded PostgreSQL per file; its first open takes seconds.
  testTimeout: 60000,
  projects: [
    { ...node, displayName: 'unit', roots: ['<rootDir>/tests/unit'] },
    { ...node, displayName: 'server', roots: ['<rootDir>/tests/server'] }
  ]
}
