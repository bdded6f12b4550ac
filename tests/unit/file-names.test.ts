import { execFileSync } from 'node:child_process'
import path from 'node:path'

import { ROUTES } from '@contract/routes'

/**
 * The house's file names (docs/code-style.md): kebab-case, PascalCase for React components, useX for hooks.
 * Page files keep the names their route gives them (the spec fixes paths such as pages/tools/flyStar).
 */
const ROOT = path.resolve(__dirname, '../..')
const FOLDERS = ['src', 'server', 'contract', 'admin/src', 'scripts', 'config']
const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/
const PASCAL = /^[A-Z][A-Za-z0-9]*$/
const HOOK = /^use[A-Z][A-Za-z0-9]*$/
const pages = new Set(ROUTES.map((r) => `src/${r.path}`))

/** The name without its extension and its role suffixes (`.weapp`, `.config`, `.d`). */
const stem = (file: string) => path.basename(file).replace(/(\.(weapp|config|d))*\.(tsx?|mjs|cjs|js|scss|css)$/, '')

export function misnamed(file: string): boolean {
  const name = stem(file)
  if (KEBAB.test(name) || PASCAL.test(name) || HOOK.test(name)) return false
  return !pages.has(file.replace(/(\.config)?\.(tsx?|scss)$/, ''))
}

test('the rule refuses a camelCase helper and keeps spec page names', () => {
  expect(misnamed('src/platform/navMetrics.ts')).toBe(true)
  expect(misnamed('src/pages/my/walletLabels.ts')).toBe(true)
  expect(misnamed('src/pages/tools/flyStar.tsx')).toBe(false)
  expect(misnamed('src/tools/pages/house/upload_type.config.ts')).toBe(false)
  expect(misnamed('src/platform/nav-metrics.weapp.ts')).toBe(false)
  expect(misnamed('admin/src/pages/courses/useCourseParts.ts')).toBe(false)
})

test('every source file is named by the house rule', () => {
  const files = execFileSync('git', ['ls-files', '--', ...FOLDERS], { cwd: ROOT, encoding: 'utf8' })
    .split('\n')
    .filter((f) => /\.(tsx?|mjs|cjs|js|scss|css)$/.test(f))
  expect(files.length).toBeGreaterThan(500)
  expect(files.filter(misnamed)).toEqual([])
})
