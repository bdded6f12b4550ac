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
  moduleNameMapper: { '^@/(.*)$': '<rootDir>/src/$1' }
}
module.exports = {
  // The server suite opens an embedded PostgreSQL per file; its first open takes seconds.
  testTimeout: 60000,
  projects: [
    { ...node, displayName: 'unit', roots: ['<rootDir>/tests/unit'] },
    { ...node, displayName: 'server', roots: ['<rootDir>/tests/server'] },
    // Real Chromium against the running server; needs dist/h5 (npm run test:e2e).
    { ...node, displayName: 'e2e', roots: ['<rootDir>/tests/e2e'], testMatch: ['**/*.e2e.ts'] }
  ]
}
