// Checks a built dist/weapp against WeChat's rules and our size yardsticks; exits 1 on a breach.
import fs from 'node:fs'
import path from 'node:path'
import { LIMITS, appJsonProblems, missingPageFiles, packageSizes, type AppJson } from './lib/weapp-rules'

const YARDSTICK = { main: 800 * 1024, sub: 1024 * 1024 }
const dist = path.resolve(process.argv[2] || 'dist/weapp')
const app: AppJson = JSON.parse(fs.readFileSync(path.join(dist, 'app.json'), 'utf8'))

const problems = [...appJsonProblems(app), ...missingPageFiles(dist, app).map((p) => `compiled files missing for ${p}`)]
for (const { name, bytes } of packageSizes(dist, app)) {
  const kb = (bytes / 1024).toFixed(1)
  const target = name === 'main' ? YARDSTICK.main : YARDSTICK.sub
  console.log(`weapp package ${name.padEnd(12)} ${kb.padStart(8)} KB  (yardstick ${target / 1024} KB)`)
  if (bytes > LIMITS.packageBytes) problems.push(`package ${name} is ${kb} KB, over WeChat's 2048 KB`)
  if (bytes > target) console.warn(`  over the yardstick: ${name}`)
}
if (problems.length) {
  console.error('dist/weapp breaks the rules:\n- ' + problems.join('\n- '))
  process.exit(1)
}
console.log(`dist/weapp ok: ${app.pages.length} main pages, ${(app.subPackages || []).length} subpackages`)
