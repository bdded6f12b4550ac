import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { loadConfig } from './config'
import { main } from './main'

const root = path.resolve(__dirname, '..')
const SOURCE_DIRS = ['src', 'config'].map((d) => path.join(root, d))

function newestMtime(dir: string): number {
  let newest = 0
  if (!fs.existsSync(dir)) return newest
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs)
  }
  return newest
}

/** The H5 build is redone when it is missing or any source file is newer than its index.html. */
export function needsBuild(distDir: string): boolean {
  const index = path.join(distDir, 'index.html')
  if (!fs.existsSync(index)) return true
  const built = fs.statSync(index).mtimeMs
  return SOURCE_DIRS.some((dir) => newestMtime(dir) > built)
}

function buildH5(): void {
  console.log('正在构建 H5 前端 (building the H5 app)…')
  const result = spawnSync('npx', ['taro', 'build', '--type', 'h5'], { cwd: root, stdio: 'inherit', env: process.env })
  if (result.status !== 0) {
    console.error('H5 构建失败 (H5 build failed)')
    process.exit(result.status ?? 1)
  }
}

if (needsBuild(loadConfig().distDir)) buildH5()
main().catch((e) => {
  console.error('启动失败 (failed to start):', e)
  process.exit(1)
})
