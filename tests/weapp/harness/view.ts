import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { JSDOM } from 'jsdom'

/**
 * The view layer: WXML compiled by WeChat's own compiler (wcc, shipped in miniprogram-compiler),
 * rendered by j-component on miniprogram-exparser (the component framework of WeChat's base
 * library) into a DOM (jsdom). Only serialisable data crosses from the logic layer (setData), and
 * only serialisable events come back, as between WeChat's two threads.
 */

let domReady = false
/** j-component and exparser draw into a DOM: give them one (the logic layer never sees it). */
function installDom(): void {
  if (domReady) return
  domReady = true
  const dom = new JSDOM('<!doctype html><html><body></body></html>', { pretendToBeVisual: true })
  const g = globalThis as any
  g.window = dom.window
  g.document = dom.window.document
  for (const key of [
    'Node',
    'Element',
    'HTMLElement',
    'Event',
    'CustomEvent',
    'TouchEvent',
    'DocumentFragment',
    'MutationObserver',
    'getComputedStyle',
    'Touch'
  ]) {
    if (g[key] === undefined && (dom.window as any)[key] !== undefined) g[key] = (dom.window as any)[key]
  }
}

/** Compiles every .wxml/.wxs of the build with wcc into the $gwx function WeChat's view layer runs. */
export function compileWxml(dist: string): (file: string) => (data: unknown) => unknown {
  const files: string[] = []
  const wxs: string[] = []
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(dist, dir), { withFileTypes: true })) {
      const rel = dir ? `${dir}/${entry.name}` : entry.name
      if (entry.isDirectory()) walk(rel)
      else if (rel.endsWith('.wxml')) files.push(rel)
      else if (rel.endsWith('.wxs')) wxs.push(rel)
    }
  }
  walk('')
  // Custom components each page uses: "<count> <page.wxml> <n> <tag>..." as WeChat DevTools passes them.
  const using: string[] = []
  let count = 0
  for (const file of files) {
    const json = path.join(dist, file.replace(/\.wxml$/, '.json'))
    if (!fs.existsSync(json)) continue
    const tags = Object.keys(JSON.parse(fs.readFileSync(json, 'utf8')).usingComponents ?? {})
    if (!tags.length) continue
    using.push(file, String(tags.length), ...tags)
    count++
  }
  const wcc = wccBinary()
  const res = spawnSync(wcc, ['-d', '-cc', [count, ...using].join(' '), ...files, ...wxs, '-gn', '$gwx'], {
    cwd: dist,
    maxBuffer: 256 * 1024 * 1024
  })
  if (res.status !== 0) throw new Error(`wcc failed: ${res.stderr?.toString() || res.error}`)
  installDom()
  // wcc's output expects the view layer's globals (window, __WXML_GLOBAL__ ...).
  const gwx = new Function(`${res.stdout.toString()}; return $gwx;`)()
  return (file: string) => {
    const generate = gwx(file)
    if (typeof generate !== 'function') throw new Error(`wcc has no template for ${file}`)
    return generate
  }
}

/** wcc from miniprogram-compiler, copied out so it can be made executable without touching node_modules. */
function wccBinary(): string {
  const platform =
    process.platform === 'darwin' ? 'mac/wcc' : process.platform === 'win32' ? 'windows/wcc.exe' : 'linux/wcc'
  const source = path.join(path.dirname(require.resolve('miniprogram-compiler/package.json')), 'bin', platform)
  const target = path.join(os.tmpdir(), `yixue-wcc-${fs.statSync(source).size}${path.extname(source)}`)
  if (!fs.existsSync(target)) {
    fs.copyFileSync(source, `${target}.part`)
    fs.chmodSync(`${target}.part`, 0o755)
    fs.renameSync(`${target}.part`, target)
  }
  return target
}

export interface WxEvent {
  type: string
  timeStamp: number
  detail: unknown
  target: { id: string; dataset: Record<string, unknown> }
  currentTarget: { id: string; dataset: Record<string, unknown> }
  touches: unknown[]
  changedTouches: unknown[]
  mark: Record<string, unknown>
}

/** The event as WeChat hands it from the view thread to the logic thread: plain data only. */
export function serializeEvent(e: any): WxEvent {
  const target = (t: any) => ({
    id: t?.id ?? '',
    offsetLeft: t?.offsetLeft ?? 0,
    offsetTop: t?.offsetTop ?? 0,
    dataset: JSON.parse(JSON.stringify(t?.dataset ?? {}))
  })
  const touches = (list: any) =>
    Array.isArray(list)
      ? list.map((t: any) => ({
          identifier: t.identifier ?? 0,
          pageX: t.pageX ?? 0,
          pageY: t.pageY ?? 0,
          clientX: t.clientX ?? 0,
          clientY: t.clientY ?? 0
        }))
      : []
  return {
    type: e.type,
    timeStamp: e.timeStamp ?? Date.now(),
    detail: e.detail === undefined ? {} : JSON.parse(JSON.stringify(e.detail)),
    target: target(e.target),
    currentTarget: target(e.currentTarget),
    touches: touches(e.touches),
    changedTouches: touches(e.changedTouches),
    mark: {}
  }
}
