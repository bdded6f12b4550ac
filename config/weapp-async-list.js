// Writes a module listing the members of an async chunk (config/weapp-engine.ts), for the mini-program:
// - `registry`: requires every member, so all of them travel in the chunk, and looks one up by its path;
//   a member runs when first asked for (it may use another chunk, there by then);
// - `styles`: imports the style files the members import, which the app takes into the main package.
const fs = require('node:fs')
const path = require('node:path')

module.exports = function weappAsyncList() {
  const { mode, base, dir, skip = [], files: listed } = this.getOptions()
  let files = listed
  if (dir) {
    files = []
    const walk = (at) => {
      for (const entry of fs.readdirSync(at, { withFileTypes: true })) {
        const full = path.join(at, entry.name)
        if (skip.includes(full)) continue
        if (entry.isDirectory()) walk(full)
        else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') && full !== this.resourcePath)
          files.push(full)
      }
    }
    walk(dir)
    this.addContextDependency(dir)
  }
  files = [...files].sort()
  if (mode === 'styles') {
    const styles = []
    for (const file of files) {
      this.addDependency(file)
      for (const [, request] of fs.readFileSync(file, 'utf8').matchAll(/^import\s+['"](\.[^'"]+\.s?css)['"]/gm)) {
        styles.push(path.resolve(path.dirname(file), request))
      }
    }
    return styles.map((file) => `import ${JSON.stringify(file)}`).join('\n') + '\nexport {}'
  }
  const key = (file) => './' + path.relative(base, file).split(path.sep).join('/')
  return [
    `const modules = {${files
      .map((file) => `${JSON.stringify(key(file))}: function () { return require(${JSON.stringify(file)}) }`)
      .join(', ')}}`,
    'export function registry(key) { return modules[key]() }'
  ].join('\n')
}
