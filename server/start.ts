import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { main } from './main'
import { configOrExit } from './startup-check'

const root = path.resolve(__dirname, '..')
/** What the H5 build is made from: the sources, their configuration and the installed packages. */
const INPUTS = ['src', 'config', 'types', 'babel.config.js', 'tsconfig.json', 'package.json', 'package-lock.json'].map((p) => path.join(root, p))

/** Newest modification time of a file or folder tree; a folder's own time counts, so deletions and renames do too. */
function newestMtime(file: string): number {
  if (!fs.existsSync(file)) return 0
  const stat = fs.statSync(file)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of fs.readdirSync(file)) newest = Math.max(newest, newestMtime(path.join(file, entry)))
  return newest
}

/** The H5 build is redone when it is missing or any of its inputs changed after its index.html. */
export function needsBuild(distDir: string): boolean {
  const index = path.join(distDir, 'index.html')
  if (!fs.existsSync(index)) return true
  const built = fs.statSync(index).mtimeMs
  return INPUTS.some((input) => newestMtime(input) > built)
}

/** Builds into the folder the server serves (DIST_DIR), so a custom one is not rebuilt on every start. */
function buildH5(distDir: string): void {
  console.log('正在构建 H5 前端 (building the H5 app)…')
  const env = { ...process.env, OUTPUT_ROOT: distDir }
  const result = spawnSync('npx', ['taro', 'build', '--type', 'h5'], { cwd: root, stdio: 'inherit', env })
  if (result.status !== 0) {
    console.error('H5 构建失败 (H5 build failed)')
    process.exit(result.status ?? 1)
  }
}

const config = configOrExit()
if (needsBuild(config.distDir)) buildH5(config.distDir)
main(config).catch((e) => {
  console.error('启动失败 (failed to start):', e)
  process.exit(1)
})
