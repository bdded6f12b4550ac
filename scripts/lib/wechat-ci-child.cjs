// Runs miniprogram-ci's offline checks in a process of its own (scripts/lib/wechat-tools.ts): it loads its own
// Babel, prints its progress and leaves a file watcher and a forked compiler running, so the process is ended here.
// Arguments: the project folder, the app id, a JSON file of the account's limits, the file to write the report to.
const fs = require('node:fs')
const ci = require('miniprogram-ci')

async function main() {
  const [folder, appid, limitsFile, out] = process.argv.slice(2)
  const setting = JSON.parse(fs.readFileSync(limitsFile, 'utf8'))
  const project = new ci.Project({
    appid,
    type: 'miniProgram',
    projectPath: folder,
    privateKey: 'none',
    attr: async () => ({ platform: true, appType: 0, isSandbox: false, released: false, setting })
  })
  const compiled = await ci.getCompiledResult({ project, version: '0.0.0', setting: { useProjectConfig: true } })
  const quality = await ci.checkCodeQuality(project)
  const analysis = await ci.analyseCode(project, { silent: true })
  const scripts = Object.fromEntries(
    Object.entries(compiled)
      .filter(([file]) => file.endsWith('.js'))
      .map(([file, content]) => [file, String(content)])
  )
  const report = {
    files: Object.keys(compiled),
    scripts,
    quality: quality.map(({ name, success, text, detail }) => ({ name, success, text, detail })),
    analysed: (analysis?.files ?? []).map((f) => f.path),
    modules: (analysis?.modules ?? []).map((m) => ({ path: m.path, errors: m.errors ?? [] }))
  }
  fs.writeFileSync(out, JSON.stringify(report))
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error)
    process.exit(1)
  }
)
