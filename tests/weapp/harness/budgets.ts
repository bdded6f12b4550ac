import fs from 'node:fs'
import path from 'node:path'

/**
 * WeChat's runtime budgets, as its 体验评分 (Audits) panel and its documentation state them, measured on what the
 * build does here: a breach is recorded with the page it happened on, a warning kept apart.
 * - setData: at most 256 KB a call (WeChat's limit; the panel warns from 100 KB);
 * - a page: fewer than 1,000 nodes, at most 60 children under one node;
 * - requests (request, uploadFile, downloadFile together): at most 10 at once;
 * - a request's time-out: WeChat ends it at app.json's networkTimeout (60 s) whatever the call asks.
 */
export const BUDGET = {
  setDataBytes: 256 * 1024,
  setDataWarnBytes: 100 * 1024,
  pageNodes: 1000,
  childrenPerNode: 60,
  concurrentRequests: 10,
  requestTimeoutMs: 60000
}

export interface Breach {
  kind: 'setData' | 'nodes' | 'children' | 'concurrentRequests' | 'requestTimeout' | 'baseLibrary' | 'deprecated'
  route: string | undefined
  detail: string
}

/** Elements and the widest parent of a page's view, as WeChat's view would hold them. */
export function measureTree(root: Element): { nodes: number; widest: number; widestAt: string } {
  let nodes = 0
  let widest = 0
  let widestAt = ''
  const walk = (el: Element) => {
    nodes++
    const children = Array.from(el.children)
    if (children.length > widest) {
      widest = children.length
      widestAt = `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}">`
    }
    for (const child of children) walk(child)
  }
  for (const child of Array.from(root.children)) walk(child)
  return { nodes, widest, widestAt }
}

export interface ApiVersion {
  /** The base library an API needs (需要基础库), as WeChat's typings state it. */
  since?: string
  /** WeChat's deprecation note, when it has one. */
  deprecated?: string
}

let versions: Map<string, ApiVersion> | undefined

/** Each `wx` API of WeChat's typings (miniprogram-api-typings) with the base library it needs and its deprecation. */
export function apiVersions(): Map<string, ApiVersion> {
  if (versions) return versions
  const file = path.join(
    path.dirname(require.resolve('miniprogram-api-typings/package.json')),
    'types/wx/lib.wx.api.d.ts'
  )
  const text = fs.readFileSync(file, 'utf8')
  const start = text.indexOf('    interface Wx {')
  versions = new Map()
  // Each method of `interface Wx` is preceded by its doc comment; comments do not nest.
  for (const m of text.slice(start).matchAll(/\/\*\*([\s\S]*?)\*\/\s*\n {8}([a-zA-Z]+)[<(]/g)) {
    const [, doc, name] = m
    if (versions.has(name)) continue
    const since = /^\* 需要基础库： `([\d.]+)`/m.exec(doc)?.[1]
    const deprecated = /^\* @deprecated (.*)$/m.exec(doc)?.[1]?.replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    versions.set(name, { since, deprecated })
  }
  return versions
}

/** Whether base-library version `a` is older than `b` (2.20.1 < 2.32.3). */
function isOlderVersion(a: string, b: string): boolean {
  const x = a.split('.').map(Number)
  const y = b.split('.').map(Number)
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    if ((x[i] || 0) !== (y[i] || 0)) return (x[i] || 0) < (y[i] || 0)
  }
  return false
}

/** The APIs called that need a newer base library than `minimum`, or that WeChat has deprecated. */
export function baseLibraryBreaches(called: Iterable<string>, minimum: string): Breach[] {
  const table = apiVersions()
  const breaches: Breach[] = []
  for (const name of [...called].sort()) {
    const version = table.get(name)
    if (version?.since && isOlderVersion(minimum, version.since))
      breaches.push({
        kind: 'baseLibrary',
        route: undefined,
        detail: `wx.${name} needs base library ${version.since}, the declared minimum is ${minimum}`
      })
    if (version?.deprecated)
      breaches.push({ kind: 'deprecated', route: undefined, detail: `wx.${name}: ${version.deprecated}` })
  }
  return breaches
}
