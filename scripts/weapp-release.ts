// The two ends of `npm run build:weapp:release`:
// - `check`, before the build: the settings are refused, each reason naming its variable, when the build would
//   call an address WeChat never calls (config/weapp-release.ts);
// - `finish`, after it: the build's project.config.json gets the mini-program's own AppID (a development build
//   keeps the tourist AppID, which WeChat refuses to upload), and the domains to enter in the admin are printed.
import fs from 'node:fs'
import path from 'node:path'

import { releaseProblems, weappDomains } from '../config/weapp-release'

const dist = path.resolve(process.env.OUTPUT_ROOT || 'dist/weapp')
const problems = releaseProblems(process.env)
if (problems.length) {
  console.error(`The mini-program's release build needs:\n- ${problems.join('\n- ')}`)
  process.exit(1)
}
if (process.argv[2] === 'check') process.exit(0)

const file = path.join(dist, 'project.config.json')
const config = JSON.parse(fs.readFileSync(file, 'utf8'))
fs.writeFileSync(file, JSON.stringify({ ...config, appid: process.env.WEAPP_APPID }, null, 2) + '\n')

const domains = weappDomains(process.env)
const LABELS = {
  request: 'request合法域名',
  uploadFile: 'uploadFile合法域名',
  downloadFile: 'downloadFile合法域名',
  webView: '业务域名 (web-view)'
} as const
console.log(`Release build in ${path.relative(process.cwd(), dist)} for ${process.env.WEAPP_APPID}.`)
console.log('Enter these in the mini-program admin (开发管理 → 开发设置 → 服务器域名 / 业务域名):')
for (const [kind, label] of Object.entries(LABELS))
  console.log(`  ${label.padEnd(20)} ${domains[kind as keyof typeof domains].join('  ') || '(none)'}`)
