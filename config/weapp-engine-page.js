// Runs on the entry Taro's page loader writes for a page (config/weapp-engine.ts): the page's module is
// required only when withEngine renders it, once the calculation engine has arrived.
module.exports = function weappEnginePage(source) {
  const { gate } = this.getOptions()
  const entry = /^import component from (.+)$/m
  if (!entry.test(source))
    throw new Error(`weapp-engine-page: no "import component from" in the page entry of ${this.resourcePath}`)
  return source.replace(
    entry,
    (_line, request) =>
      `import { withEngine } from ${JSON.stringify(gate)}\nvar component = withEngine(function () { return ` +
      `require(${request}) })`
  )
}
