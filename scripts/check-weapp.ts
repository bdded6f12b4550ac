// Checks a built dist/weapp against WeChat's rules, WeChat's own tools and our size yardsticks; exits 1 on a breach.
import fs from 'node:fs'
import path from 'node:path'

import { type AppJson, appJsonProblems, missingPageFiles, scrollAreaProblems, weappSizeReport } from './lib/weapp-rules'
import { JS_LEVEL, wechatCi, wechatCiProblems, wxssProblems } from './lib/wechat-tools'

async function main() {
  const dist = path.resolve(process.argv[2] || 'dist/weapp')
  const app: AppJson = JSON.parse(fs.readFileSync(path.join(dist, 'app.json'), 'utf8'))

  const sizes = weappSizeReport(dist, app)
  for (const line of sizes.lines) console.log(line)
  for (const warning of sizes.warnings) console.warn(`  warning: ${warning}`)

  const wxss = wxssProblems(dist)
  const report = await wechatCi(dist)
  const passed = report.quality.filter((item) => item.success).length
  const js = Object.keys(report.scripts).length
  console.log(`wcsc: ${wxss.length ? `${wxss.length} errors` : 'every .wxss compiles'}`)
  console.log(`checkCodeQuality: ${passed} of ${report.quality.length} items pass`)
  console.log(`analyseCode: ${report.unreferenced.length} JS files referenced by nothing`)
  console.log(`getCompiledResult: ${js} JS files, checked against ES${JS_LEVEL}`)

  const problems = [
    ...appJsonProblems(app),
    ...missingPageFiles(dist, app).map((p) => `compiled files missing for ${p}`),
    ...sizes.problems,
    ...scrollAreaProblems(dist),
    ...wxss,
    ...wechatCiProblems(report)
  ]
  if (problems.length) {
    console.error('dist/weapp breaks the rules:\n- ' + problems.join('\n- '))
    process.exit(1)
  }
  console.log(`dist/weapp ok: ${app.pages.length} main pages, ${(app.subPackages || []).length} subpackages`)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
