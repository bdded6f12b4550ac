import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

import { main } from './main'
import { configOrExit } from './startup-check'

const root = path.resolve(__dirname, '..')
const inRoot = (paths: string[]) => paths.map((p) => path.join(root, p))
/** What the H5 build is made from: the sources, their configuration and the installed packages. */
const H5_INPUTS = inRoot([
  'src',
  'contract',
  'config',
  'types',
  'babel.config.js',
  'tsconfig.json',
  'package.json',
  'package-lock.json'
])
/** What the console build is made from: its folder, the API types it shares and the installed packages. */
const ADMIN_INPUTS = inRoot(['admin', 'contract', 'package.json', 'package-lock.json'])

/** Newest modification time of a file or folder tree; a folder's own time counts, so deletions and renames do too. */
function newestMtime(file: string): number {
  if (!fs.existsSync(file)) return 0
  const stat = fs.statSync(file)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of fs.readdirSync(file)) newest = Math.max(newest, newestMtime(path.join(file, entry)))
  return newest
}

/** A build is redone when it is missing or any of its inputs changed after its index.html. */
export function needsBuild(distDir: string, inputs = H5_INPUTS): boolean {
  const index = path.join(distDir, 'index.html')
  if (!fs.existsSync(index)) return true
  const built = fs.statSync(index).mtimeMs
  return inputs.some((input) => newestMtime(input) > built)
}

function run(what: string, cmd: string, args: string[], env: NodeJS.ProcessEnv): void {
  console.log(`正在构建${what}…`)
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
  if (result.status !== 0) {
    console.error(`${what}构建失败`)
    process.exit(result.status ?? 1)
  }
}

// Each build goes into the folder the server serves (DIST_DIR, ADMIN_DIST_DIR), so a custom one is not rebuilt on
// every start.
const config = configOrExit()
const { distDir, adminDistDir } = config
if (needsBuild(distDir))
  run(' H5 前端 (building the H5 app)', 'npx', ['taro', 'build', '--type', 'h5'], { OUTPUT_ROOT: distDir })
if (needsBuild(adminDistDir, ADMIN_INPUTS))
  run(
    '运营后台 (building the operator console)',
    'npx',
    ['vite', 'build', '--config', 'admin/vite.config.ts', '--outDir', adminDistDir],
    {}
  )
main(config).catch((e) => {
  console.error('启动失败 (failed to start):', e)
  process.exit(1)
})
