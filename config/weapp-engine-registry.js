// Writes src/metaphysics/registry.ts for the mini-program (config/weapp-engine.ts): every engine module,
// imported here so that all of them travel in the engine chunk, looked up by its path.
const fs = require('node:fs')
const path = require('node:path')

module.exports = function weappEngineRegistry() {
  const dir = path.dirname(this.resourcePath)
  const files = []
  const walk = (at) => {
    for (const entry of fs.readdirSync(at, { withFileTypes: true })) {
      const full = path.join(at, entry.name)
      if (entry.isDirectory()) {
        if (full !== path.join(dir, 'ziwei')) walk(full)
      } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') && full !== this.resourcePath)
        files.push(full)
    }
  }
  walk(dir)
  this.addContextDependency(dir)
  files.sort()
  const key = (file) => './' + path.relative(dir, file).split(path.sep).join('/')
  return [
    ...files.map((file, i) => `import * as m${i} from ${JSON.stringify(file)}`),
    `const modules = {${files.map((file, i) => `${JSON.stringify(key(file))}: m${i}`).join(', ')}}`,
    'export function engineRegistry(key) { return modules[key] }'
  ].join('\n')
}
