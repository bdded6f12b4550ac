import fs from 'node:fs'
import path from 'node:path'

/** The WeChat rules an app.json must obey (documented limits of the mini-program platform). */
export const LIMITS = {
  tabBarMin: 2,
  tabBarMax: 5,
  packageBytes: 2 * 1024 * 1024
}

export interface AppJson {
  pages: string[]
  subPackages?: { root: string; pages: string[] }[]
  subpackages?: { root: string; pages: string[] }[]
  tabBar?: { list: { pagePath: string }[] }
  preloadRule?: Record<string, { network?: string; packages: string[] }>
}

const strip = (p: string) => p.replace(/^\/+|\/+$/g, '')

/** Every rule an app.json breaks, as readable sentences; empty when it is valid. */
export function appJsonProblems(app: AppJson): string[] {
  const problems: string[] = []
  const subs = app.subPackages || app.subpackages || []
  const roots = subs.map((s) => strip(s.root))
  const main = app.pages.map(strip)
  if (main.length === 0) problems.push('app.json has no main-package page')
  for (const page of main) {
    const root = roots.find((r) => page.startsWith(r + '/'))
    if (root) problems.push(`main-package page ${page} lies under subpackage root ${root}`)
  }
  roots.forEach((a, i) =>
    roots.forEach((b, j) => {
      if (i !== j && (a === b || b.startsWith(a + '/'))) problems.push(`subpackage root ${b} is nested in or equal to ${a}`)
    })
  )
  const allPages = new Set([...main, ...subs.flatMap((s) => s.pages.map((p) => `${strip(s.root)}/${strip(p)}`))])
  if (app.tabBar) {
    const n = app.tabBar.list?.length ?? 0
    if (n < LIMITS.tabBarMin || n > LIMITS.tabBarMax) problems.push(`tabBar has ${n} items; WeChat allows 2..5`)
    for (const item of app.tabBar.list || []) {
      if (!main.includes(strip(item.pagePath))) problems.push(`tabBar page ${item.pagePath} is not in the main package`)
    }
  }
  for (const [page, rule] of Object.entries(app.preloadRule || {})) {
    if (!allPages.has(strip(page))) problems.push(`preloadRule page ${page} does not exist`)
    for (const pkg of rule.packages) {
      if (!roots.includes(strip(pkg))) problems.push(`preloadRule package ${pkg} is not a subpackage root`)
    }
  }
  return problems
}

function dirBytes(dir: string, skip: (rel: string) => boolean, base = dir): number {
  if (!fs.existsSync(dir)) return 0
  let total = 0
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    const rel = path.relative(base, full).split(path.sep).join('/')
    if (skip(rel)) continue
    total += entry.isDirectory() ? dirBytes(full, skip, base) : fs.statSync(full).size
  }
  return total
}

/** Bytes of the main package and of each subpackage in a built dist/weapp. */
export function packageSizes(distDir: string, app: AppJson): { name: string; bytes: number }[] {
  const roots = (app.subPackages || app.subpackages || []).map((s) => strip(s.root))
  const ignored = (rel: string) => rel.endsWith('.map') || rel.endsWith('.LICENSE.txt') || rel === 'project.config.json'
  const main = dirBytes(distDir, (rel) => ignored(rel) || roots.some((r) => rel === r || rel.startsWith(r + '/')))
  return [
    { name: 'main', bytes: main },
    ...roots.map((root) => ({ name: root, bytes: dirBytes(path.join(distDir, root), ignored) }))
  ]
}

/** Pages named in app.json whose compiled files are missing from dist. */
export function missingPageFiles(distDir: string, app: AppJson): string[] {
  const subs = app.subPackages || app.subpackages || []
  const pages = [...app.pages, ...subs.flatMap((s) => s.pages.map((p) => `${strip(s.root)}/${strip(p)}`))]
  return pages.filter((page) => ['.js', '.json', '.wxml'].some((ext) => !fs.existsSync(path.join(distDir, page + ext))))
}
