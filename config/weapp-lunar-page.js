// Runs on the entry Taro's page loader writes for a page (config/weapp-lunar.ts): the page's component
// becomes withLunar(component), so it renders once lunar-javascript has arrived.
module.exports = function weappLunarPage(source) {
  const { gate } = this.getOptions()
  const entry = /^import component from (.+)$/m
  if (!entry.test(source)) throw new Error(`weapp-lunar-page: no "import component from" in the page entry of ${this.resourcePath}`)
  return source.replace(entry, (_line, request) => `import __page from ${request}\nimport { withLunar } from ${JSON.stringify(gate)}\nvar component = withLunar(__page)`)
}
