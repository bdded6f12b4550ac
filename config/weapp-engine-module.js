// Stands in for an engine module imported from outside the engine (config/weapp-engine.ts): the module
// itself travels in the engine chunk and is handed over once loaded.
module.exports = function weappEngineModule() {
  const { engine, key } = this.getOptions()
  return `module.exports = require(${JSON.stringify(engine)}).engineModule(${JSON.stringify(key)})`
}
