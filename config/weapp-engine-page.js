// Runs on the entry Taro's page loader writes for a page (config/weapp-engine.ts): the page's module is
// required only when withChunks renders it, once the chunks it waits for have arrived.
module.exports = function weappEnginePage(source) {
  const { gate, chunks } = this.getOptions()
  const entry = /^import component from (.+)$/m
  if (!entry.test(source))
    throw new Error(`weapp-engine-page: no "import component from" in the page entry of ${this.resourcePath}`)
  const imports = chunks.map((c) => `import { ${c.name} } from ${JSON.stringify(c.host)}\n`).join('')
  const list = chunks.map((c) => c.name).join(', ')
  return source.replace(
    entry,
    (_line, request) =>
      `import { withChunks } from ${JSON.stringify(gate)}\n${imports}var component = withChunks([${list}], ` +
      `function () { return require(${request}) })`
  )
}
