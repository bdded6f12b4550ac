import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import vm from 'node:vm'

/** The WeChat rules an app.json must obey (documented limits of the mini-program platform). */
export const LIMITS = {
  tabBarMin: 2,
  tabBarMax: 5,
  packageBytes: 2 * 1024 * 1024,
  totalBytes: 20 * 1024 * 1024
}

/** Our own targets: a main package near an empty Taro app's, each subpackage well under the limit. */
export const YARDSTICK = { main: 500 * 1024, sub: 1024 * 1024 }

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
      if (i !== j && (a === b || b.startsWith(a + '/')))
        problems.push(`subpackage root ${b} is nested in or equal to ${a}`)
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

interface PackageFile {
  rel: string
  bytes: number
}

function listFiles(dir: string, skip: (rel: string) => boolean, base = dir, out: PackageFile[] = []): PackageFile[] {
  if (!fs.existsSync(dir)) return out
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    const rel = path.relative(base, full).split(path.sep).join('/')
    if (skip(rel)) continue
    if (entry.isDirectory()) listFiles(full, skip, base, out)
    else out.push({ rel, bytes: fs.statSync(full).size })
  }
  return out
}

/** The files of the main package and of each subpackage (paths relative to dist) in a built dist/weapp. */
function packageFiles(distDir: string, app: AppJson): { name: string; files: PackageFile[] }[] {
  const roots = (app.subPackages || app.subpackages || []).map((s) => strip(s.root))
  const ignored = (rel: string) => rel.endsWith('.map') || rel.endsWith('.LICENSE.txt') || rel === 'project.config.json'
  const main = listFiles(distDir, (rel) => ignored(rel) || roots.some((r) => rel === r || rel.startsWith(r + '/')))
  return [
    { name: 'main', files: main },
    ...roots.map((root) => ({
      name: root,
      files: listFiles(path.join(distDir, root), ignored).map((f) => ({ ...f, rel: `${root}/${f.rel}` }))
    }))
  ]
}

/** Bytes of the main package and of each subpackage in a built dist/weapp. */
export function packageSizes(distDir: string, app: AppJson): { name: string; bytes: number }[] {
  return packageFiles(distDir, app).map(({ name, files }) => ({ name, bytes: files.reduce((n, f) => n + f.bytes, 0) }))
}

export interface DuplicatedChunk {
  /** What is copied: a webpack module by id, or a file. */
  what: string
  /** The packages holding a copy. */
  packages: string[]
  /** One path per file holding a copy. */
  files: string[]
  /** Bytes of one copy. */
  bytes: number
}

/**
 * The webpack modules a chunk file registers (`wx.webpackJsonp.push`), by id, with the bytes of each; undefined for
 * any other file.
 */
function chunkModules(file: string): Map<string, number> | undefined {
  const source = fs.readFileSync(file, 'utf8')
  if (!source.includes('webpackJsonp')) return undefined
  const pushed: unknown[][] = []
  // Only the push runs: a page's entry callback is the third element, never called here.
  const sandbox = { wx: { webpackJsonp: { push: (entry: unknown[]) => pushed.push(entry) } }, require: () => ({}) }
  try {
    vm.runInNewContext(source, sandbox, { timeout: 5000 })
  } catch {
    return undefined
  }
  const modules = new Map<string, number>()
  for (const entry of pushed) {
    for (const [id, fn] of Object.entries((entry[1] ?? {}) as Record<string, unknown>))
      modules.set(id, Buffer.byteLength(String(fn)))
  }
  return modules
}

/**
 * Code that sits in more than one package (a package cannot load another's files, so Taro copies a
 * module several subpackages use into each): every webpack module registered by chunk files of two or
 * more packages, whatever file it travels in, and every other script or style file whose exact content
 * is in two or more packages; with the bytes beyond the first copy. A page's own files are not
 * counted as files (two pages' one-line style files may well read the same), their modules are.
 */
export function duplicatedChunks(distDir: string, app: AppJson): { chunks: DuplicatedChunk[]; bytes: number } {
  const subs = app.subPackages || app.subpackages || []
  const pages = new Set([
    ...app.pages.map(strip),
    ...subs.flatMap((s) => s.pages.map((p) => `${strip(s.root)}/${strip(p)}`))
  ])
  const groups = new Map<string, { what: string; files: string[]; packages: Set<string>; bytes: number }>()
  const add = (key: string, what: string, file: string, pkg: string, bytes: number) => {
    const group = groups.get(key) ?? { what, files: [], packages: new Set<string>(), bytes }
    group.files.push(file)
    group.packages.add(pkg)
    groups.set(key, group)
  }
  for (const { name, files } of packageFiles(distDir, app)) {
    for (const f of files) {
      if (!/\.(js|wxss)$/.test(f.rel) || f.bytes === 0) continue
      const modules = f.rel.endsWith('.js') ? chunkModules(path.join(distDir, f.rel)) : undefined
      if (modules) {
        for (const [id, bytes] of modules) add(`module:${id}`, `module ${id}`, f.rel, name, bytes)
        continue
      }
      if (pages.has(f.rel.replace(/\.(js|wxss)$/, ''))) continue
      const hash = crypto
        .createHash('sha1')
        .update(fs.readFileSync(path.join(distDir, f.rel)))
        .digest('hex')
      add(`file:${hash}`, path.posix.basename(f.rel), f.rel, name, f.bytes)
    }
  }
  const chunks = [...groups.values()]
    .filter((g) => g.packages.size > 1)
    .map((g) => ({ what: g.what, packages: [...g.packages], files: g.files, bytes: g.bytes }))
    .sort((a, b) => b.bytes * (b.packages.length - 1) - a.bytes * (a.packages.length - 1))
  return { chunks, bytes: chunks.reduce((n, c) => n + c.bytes * (c.packages.length - 1), 0) }
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`

/** What check:weapp and bench print: each package against its yardstick, the whole app, the duplicated bytes. */
export function weappSizeReport(
  distDir: string,
  app: AppJson
): { lines: string[]; warnings: string[]; problems: string[] } {
  const lines: string[] = []
  const warnings: string[] = []
  const problems: string[] = []
  const sizes = packageSizes(distDir, app)
  const width = Math.max(...sizes.map((p) => p.name.length))
  for (const { name, bytes } of sizes) {
    const target = name === 'main' ? YARDSTICK.main : YARDSTICK.sub
    lines.push(
      `weapp package ${name.padEnd(width)} ${kb(bytes).padStart(10)}   yardstick <= ${target / 1024} KB, ` +
        `limit ${LIMITS.packageBytes / 1024} KB`
    )
    if (bytes > LIMITS.packageBytes)
      problems.push(`package ${name} is ${kb(bytes)}, over WeChat's ${LIMITS.packageBytes / 1024} KB`)
    else if (bytes > target) warnings.push(`package ${name} is ${kb(bytes)}, over the yardstick of ${target / 1024} KB`)
  }
  const total = sizes.reduce((n, p) => n + p.bytes, 0)
  lines.push(
    `${'weapp whole app'.padEnd(width + 14)} ${kb(total).padStart(10)}   limit ${LIMITS.totalBytes / 1024 / 1024} MB`
  )
  if (total > LIMITS.totalBytes)
    problems.push(`the whole app is ${kb(total)}, over WeChat's ${LIMITS.totalBytes / 1024 / 1024} MB`)
  const dup = duplicatedChunks(distDir, app)
  lines.push(
    `${'weapp duplicated'.padEnd(width + 14)} ${kb(dup.bytes).padStart(10)}   yardstick 0 ` +
      `(${dup.chunks.length} modules or files in more than one package)`
  )
  for (const chunk of dup.chunks.slice(0, 5))
    lines.push(
      `  ${kb(chunk.bytes).padStart(10)} x${chunk.packages.length}  ${chunk.what} in ${chunk.files.join(', ')}`
    )
  // Code ships once (docs/mini-program-packages.md): a copy fails the check.
  if (dup.bytes > 0) problems.push(`${kb(dup.bytes)} of code copied into several packages (config/weapp-shared.ts)`)
  return { lines, warnings, problems }
}

/** Pages named in app.json whose compiled files are missing from dist. */
export function missingPageFiles(distDir: string, app: AppJson): string[] {
  const subs = app.subPackages || app.subpackages || []
  const pages = [...app.pages, ...subs.flatMap((s) => s.pages.map((p) => `${strip(s.root)}/${strip(p)}`))]
  return pages.filter((page) => ['.js', '.json', '.wxml'].some((ext) => !fs.existsSync(path.join(distDir, page + ext))))
}

/**
 * Scroll areas without momentum on iOS: WeChat's Audits panel (体验评分) asks every rule that scrolls
 * (`overflow` auto or scroll) to set `-webkit-overflow-scrolling: touch`. One sentence per offending rule.
 */
export function scrollAreaProblems(distDir: string): string[] {
  const postcss: typeof import('postcss') = require('postcss')
  const problems: string[] = []
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else if (entry.name.endsWith('.wxss')) {
        postcss.parse(fs.readFileSync(full, 'utf8')).walkRules((rule) => {
          let scrolls = false
          let momentum = false
          rule.walkDecls((decl) => {
            if (/^overflow(-x|-y)?$/.test(decl.prop) && /\b(auto|scroll)\b/.test(decl.value)) scrolls = true
            if (decl.prop === '-webkit-overflow-scrolling') momentum = true
          })
          if (scrolls && !momentum)
            problems.push(
              `${path.relative(distDir, full)}: "${rule.selector}" scrolls without -webkit-overflow-scrolling`
            )
        })
      }
    }
  }
  walk(distDir)
  return problems
}
