// Layer rules (docs/code-style.md explains each). `npm run lint:boundaries` checks them in CI.
const fs = require('node:fs')
const path = require('node:path')

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
// Page modules are the route table's paths that have a file under src/.
const pagePaths = [
  ...fs.readFileSync(path.join(__dirname, 'contract/routes.ts'), 'utf8').matchAll(/'([a-zA-Z]+(?:\/[\w-]+)+)'/g)
]
  .map((m) => m[1])
  .filter((p) => ['.tsx', '.ts'].some((ext) => fs.existsSync(path.join(__dirname, 'src', p + ext))))
const pages = `^src/(${[...new Set(pagePaths)].map(escape).join('|')})\\.tsx?$`

const UI = [
  '^node_modules/(@tarojs|react|react-dom|mobx|mobx-react)/',
  '^src/(platform|components|pages|stores|hooks)/'
]

module.exports = {
  forbidden: [
    {
      name: 'engine-is-pure',
      comment:
        'The calculation engine runs in the app, the mini-program and the server: only itself and its data libraries.',
      severity: 'error',
      from: { path: '^src/metaphysics/' },
      to: { path: ['^src/(?!metaphysics/)', '^contract/', '^server/', '^admin/', ...UI] }
    },
    {
      name: 'core-has-no-platform',
      comment: 'src/core is the app logic both targets share: no Taro, React, platform folder, stores or UI.',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { path: UI }
    },
    {
      name: 'contract-is-shared',
      comment: 'contract/ is read by the app, the console and the server: it imports only itself and engine types.',
      severity: 'error',
      from: { path: '^contract/' },
      to: { path: ['^src/(?!metaphysics/)', '^server/', '^admin/', '^node_modules/'] }
    },
    {
      name: 'server-reads-only-contract-and-engine',
      comment: 'The server may import contract/ and the engine, never app folders, pages or the console.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: ['^src/(?!metaphysics/)', '^admin/'] }
    },
    {
      name: 'server-core-imports-no-module',
      comment: 'server/core is the frame every module builds on; a module depends on it, never the reverse.',
      severity: 'error',
      from: { path: '^server/core/' },
      to: { path: '^server/modules/' }
    },
    {
      name: 'console-reads-only-contract',
      comment: 'The console is its own app: it shares only contract/ with the rest.',
      severity: 'error',
      from: { path: '^admin/' },
      to: { path: ['^src/', '^server/'] }
    },
    {
      name: 'no-page-imports-a-page',
      comment: 'A page is a route; what two pages share goes into a component, hook or helper.',
      severity: 'error',
      from: { path: pages },
      to: { path: pages, pathNot: '$1' }
    }
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^dist/', '\\.d\\.ts$'] },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] }
  }
}
