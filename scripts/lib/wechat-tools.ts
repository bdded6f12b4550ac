// WeChat's own checkers, from the packages WeChat publishes on npm, run over a built dist/weapp:
// - wcsc (miniprogram-compiler), the stylesheet compiler WeChat DevTools and the upload use;
// - miniprogram-ci's offline functions: getCompiledResult (what WeChat would run, with the project's own
//   project.config.json settings), checkCodeQuality (DevTools' 代码质量 panel), analyseCode (代码依赖分析).
// They need no upload key and no network: `Project` is given a stub `attr` (docs/mini-program.md).
import { execFile, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { parse, tokenizer } from 'acorn'

/** The newest JavaScript the mini-program may ship: iOS before 14 runs no `?.` `??` `??=` (babel.config.js). */
export const JS_LEVEL = 2019

const wcscBinary = () => {
  const dir = path.dirname(require.resolve('miniprogram-compiler/package.json'))
  const name =
    process.platform === 'darwin' ? 'mac/wcsc' : process.platform === 'win32' ? 'windows/wcsc.exe' : 'linux/wcsc'
  const binary = path.join(dir, 'bin', name)
  // npm does not keep the executable bit of a package's binaries.
  if (process.platform !== 'win32') fs.chmodSync(binary, 0o755)
  return binary
}

function filesUnder(dir: string, ext: string, base = dir, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) filesUnder(full, ext, base, out)
    else if (entry.name.endsWith(ext)) out.push(path.relative(base, full).split(path.sep).join('/'))
  }
  return out.sort()
}

/**
 * Every error wcsc finds in the build's stylesheets, compiled together as miniprogram-compiler/src/wcsc.js
 * does (component stylesheets, those with a .json beside them, first); wcsc names every file that fails.
 */
export function wxssProblems(dist: string): string[] {
  const files = filesUnder(dist, '.wxss')
  const isComponent = (file: string) => fs.existsSync(path.join(dist, file.replace(/\.wxss$/, '.json')))
  const ordered = [...files.filter(isComponent), ...files.filter((f) => !isComponent(f))]
  const run = spawnSync(wcscBinary(), ['-db', '-pc', String(files.filter(isComponent).length), ...ordered], {
    cwd: dist,
    maxBuffer: 64 * 1024 * 1024
  })
  if (run.status === 0) return []
  const text = `${run.stderr}`.replace(/^ERR:\s*/, '').trim()
  const lines = text.split('\n').filter((line) => /\.wxss\(\d+:\d+\)/.test(line))
  return (lines.length ? lines : [text || `wcsc exited ${run.status}`]).map((line) => `wcsc: ${line.trim()}`)
}

/**
 * Every JavaScript file that needs more than ES2019 to parse, and every regular expression with a
 * look-behind (`(?<=` `(?<!`), which JavaScriptCore before iOS 16.4 refuses at parse time although ES2018
 * has it: one such file stops its whole package on those phones.
 */
export function jsLevelProblems(files: Record<string, string>): string[] {
  const problems: string[] = []
  for (const [file, content] of Object.entries(files)) {
    if (!file.endsWith('.js')) continue
    const source = content
    try {
      parse(source, { ecmaVersion: JS_LEVEL, sourceType: 'script', allowReturnOutsideFunction: true })
    } catch (error) {
      const at = (error as { pos?: number }).pos ?? 0
      const near = source.slice(Math.max(0, at - 40), at + 20)
      problems.push(`${file}: needs more than ES${JS_LEVEL} (${(error as Error).message}): …${near}…`)
      continue
    }
    for (const token of tokenizer(source, { ecmaVersion: JS_LEVEL })) {
      const value = (token as { value?: { pattern?: string } }).value
      if (token.type.label === 'regexp' && value?.pattern && /\(\?<[=!]/.test(value.pattern))
        problems.push(`${file}: a regular expression with a look-behind (/${value.pattern}/), refused before iOS 16.4`)
    }
  }
  return problems
}

export interface WechatCiReport {
  /** Every file of what WeChat would upload and run, as getCompiledResult gives it. */
  files: string[]
  /** Its JavaScript files, by path. */
  scripts: Record<string, string>
  /** checkCodeQuality's items. */
  quality: { name: string; success: boolean; text: string; detail?: unknown }[]
  /** JavaScript files of the build that no page, component or other file references (analyseCode). */
  unreferenced: string[]
  /** What analyseCode could not follow (a require of a computed path, for instance). */
  analysisErrors: string[]
}

const ACCOUNT_LIMITS = {
  MaxCodeSize: 2,
  MaxSubpackageSubCodeSize: 2,
  MaxSubpackageFullCodeSize: 20,
  MaxSubPackageLimit: 100,
  MinTabbarCount: 2,
  MaxTabbarCount: 5,
  MaxCustomTabbarCount: 5,
  MaxTabbarIconSize: 40,
  NavigateMiniprogramLimit: 10
}

/**
 * The project folder miniprogram-ci is given: the build's parent, with the project.config.json Taro copied into
 * the build and `miniprogramRoot` naming the build, as the repository's own does. (Given the build folder itself
 * as the project, miniprogram-ci's upload filter fails to find app.json and silently filters nothing; a
 * `miniprogramRoot` outside the project folder it does not accept.)
 */
function projectFolder(dist: string): { folder: string; appid: string } {
  const config = JSON.parse(fs.readFileSync(path.join(dist, 'project.config.json'), 'utf8')) as { appid: string }
  const folder = path.dirname(dist)
  const own = { ...config, miniprogramRoot: `${path.basename(dist)}/` }
  fs.writeFileSync(path.join(folder, 'project.config.json'), JSON.stringify(own, null, 2))
  return { folder, appid: config.appid }
}

/**
 * miniprogram-ci's offline checks on a built dist/weapp, with the settings of the project's project.config.json,
 * in a child process (scripts/lib/wechat-ci-child.cjs). The account's attributes, which an upload would ask WeChat
 * for, are a plain mini-program's with WeChat's documented limits (packages in MB, tab icons in KB).
 */
export async function wechatCi(dist: string): Promise<WechatCiReport> {
  const { folder, appid } = projectFolder(dist)
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'wechat-ci-'))
  const limits = path.join(work, 'limits.json')
  const out = path.join(work, 'report.json')
  fs.writeFileSync(limits, JSON.stringify(ACCOUNT_LIMITS))
  try {
    await new Promise<void>((resolve, reject) => {
      execFile(
        process.execPath,
        [path.join(__dirname, 'wechat-ci-child.cjs'), folder, appid, limits, out],
        { maxBuffer: 64 * 1024 * 1024 },
        (error, _stdout, stderr) =>
          error ? reject(new Error(`miniprogram-ci failed: ${stderr || error.message}`)) : resolve()
      )
    })
    const raw = JSON.parse(fs.readFileSync(out, 'utf8')) as Omit<WechatCiReport, 'unreferenced' | 'analysisErrors'> & {
      analysed: string[]
      modules: { path: string; errors: string[] }[]
    }
    const referenced = new Set(raw.modules.map((m) => m.path))
    return {
      files: raw.files,
      scripts: raw.scripts,
      quality: raw.quality,
      unreferenced: raw.analysed.filter((p) => p.endsWith('.js') && !referenced.has(p)),
      analysisErrors: raw.modules.flatMap((m) => m.errors.map((e) => `${m.path}: ${e}`))
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true })
  }
}

/** The problems the report shows, as sentences; empty when WeChat's tools accept the build. */
export function wechatCiProblems(report: WechatCiReport): string[] {
  return [
    ...report.quality
      .filter((item) => !item.success)
      .map((item) => {
        const detail = item.detail === undefined ? '' : ` ${JSON.stringify(item.detail)}`
        return `checkCodeQuality ${item.name}: ${item.text}${detail}`
      }),
    ...report.unreferenced.map(
      (file) => `analyseCode: ${file} is referenced by nothing (WeChat's upload filter drops it)`
    ),
    ...report.analysisErrors.map((error) => `analyseCode: ${error}`),
    ...jsLevelProblems(report.scripts)
  ]
}
