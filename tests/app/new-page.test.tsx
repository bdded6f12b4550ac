import fs from 'node:fs'
import path from 'node:path'

import ts from 'typescript'

import { newPage } from '../../scripts/new-page'
import { renderPage } from './render'

/** `npm run new:page` in a scratch copy of the repository's route table: the page it writes renders. */
const REPO = path.join(__dirname, '../..')
const scratch: string[] = []
afterAll(() => scratch.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })))

// Inside the repository's (ignored) data folder, so the written page resolves the app's packages.
function scratchRoot(): string {
  fs.mkdirSync(path.join(REPO, '.data'), { recursive: true })
  const root = fs.mkdtempSync(path.join(REPO, '.data', 'new-page-'))
  scratch.push(root)
  fs.mkdirSync(path.join(root, 'contract'))
  fs.mkdirSync(path.join(root, 'tests/app'), { recursive: true })
  fs.copyFileSync(path.join(__dirname, '../../contract/routes.ts'), path.join(root, 'contract/routes.ts'))
  return root
}

function loadTable(file: string) {
  const js = ts.transpileModule(fs.readFileSync(file, 'utf8'), { compilerOptions: { module: ts.ModuleKind.CommonJS } })
  const mod = { exports: {} as Record<string, unknown> }
  new Function('module', 'exports', js.outputText)(mod, mod.exports)
  return mod.exports as typeof import('../../contract/routes')
}

describe('npm run new:page', () => {
  it('writes a page, its config, style and test, and the route entry; the page renders its title', async () => {
    const root = scratchRoot()
    const written = newPage('pages/helpCenter/helpCenter', '帮助中心', root)
    expect(written.sort()).toEqual(
      [
        'contract/routes.ts',
        'src/pages/helpCenter/helpCenter.config.ts',
        'src/pages/helpCenter/helpCenter.scss',
        'src/pages/helpCenter/helpCenter.tsx',
        'tests/app/pages-helpCenter-helpCenter.test.tsx'
      ].sort()
    )
    const table = loadTable(path.join(root, 'contract/routes.ts'))
    expect(table.findRoute('pages/helpCenter/helpCenter')).toMatchObject({ title: '帮助中心', live: true })
    expect(table.EXTRA_ROUTES).toContain('pages/helpCenter/helpCenter')
    expect(table.ROUTES).toHaveLength(loadTable(path.join(__dirname, '../../contract/routes.ts')).ROUTES.length + 1)

    const Page = require(path.join(root, 'src/pages/helpCenter/helpCenter.tsx')).default
    const { container } = await renderPage(Page, { route: 'pages/about/about' })
    expect(container.textContent).toContain('帮助中心')
  })

  it('refuses a route that exists, a malformed path and a title without Chinese', () => {
    const root = scratchRoot()
    expect(() => newPage('pages/about/about', '关于', root)).toThrow('路由已存在')
    expect(() => newPage('Pages/x', '页面', root)).toThrow('不是页面路径')
    expect(() => newPage('pages/x/x', 'Help', root)).toThrow('中文标题')
  })
})
