// Checks a built dist/weapp against WeChat's rules and our size yardsticks; exits 1 on a breach.
import fs from 'node:fs'
import path from 'node:path'

import { type AppJson, appJsonProblems, missingPageFiles, weappSizeReport } from './lib/weapp-rules'

const dist = path.resolve(process.argv[2] || 'dist/weapp')
const app: AppJson = JSON.parse(fs.readFileSync(path.join(dist, 'app.json'), 'utf8'))

const sizes = weappSizeReport(dist, app)
for (const line of sizes.lines) console.log(line)
for (const warning of sizes.warnings) console.warn(`  warning: ${warning}`)
const problems = [
  ...appJsonProblems(app),
  ...missingPageFiles(dist, app).map((p) => `compiled files missing for ${p}`),
  ...sizes.problems
]
if (problems.length) {
  console.error('dist/weapp breaks the rules:\n- ' + problems.join('\n- '))
  process.exit(1)
}
console.log(`dist/weapp ok: ${app.pages.length} main pages, ${(app.subPackages || []).length} subpackages`)
