// Stands in for a module of an async chunk imported from outside it (config/weapp-engine.ts): the module
// itself travels in the chunk and is handed over once loaded.
module.exports = function weappEngineModule() {
  const { host, name, key } = this.getOptions()
  return `module.exports = require(${JSON.stringify(host)}).${name}.module(${JSON.stringify(key)})`
}
