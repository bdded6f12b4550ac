// A module of the shared chunk, mini-program build (config/weapp-engine.ts): its style imports are
// dropped here, as the main package carries them (src/platform/shared-styles.ts).
module.exports = function weappStripStyles(source) {
  return source.replace(/^import\s+['"]\.[^'"]+\.s?css['"];?[ \t]*$/gm, '')
}
