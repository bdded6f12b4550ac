// H5 only. Taro resolves `@tarojs/components` to one module that defines every component, so the
// union of the components used anywhere in the app ships as a single chunk with the first page
// (Swiper, Map with hammerjs, Video, Picker ...). This rewrites
//   import { View, Swiper } from '@tarojs/components'
// into one import per component, each from its own instance of that module (`components.js?View`):
// webpack keeps only the one export of each instance, so a component's code lands in the chunks
// of the pages that use it. Type-only imports are already gone when this runs (TypeScript's
// import elision runs on Program entry, before import declarations are visited).
const LIBRARY = '@tarojs/components'
const PER_COMPONENT = '@tarojs/components/lib/react/components.js?'

module.exports = function h5Components({ types: t }) {
  return {
    name: 'h5-components-per-module',
    visitor: {
      ImportDeclaration(path) {
        const { node } = path
        if (node.source.value !== LIBRARY || node.importKind === 'type') return
        const named = node.specifiers.filter((s) => t.isImportSpecifier(s) && s.importKind !== 'type')
        // A namespace or default import needs the whole library: leave it as it is.
        if (!named.length || named.length !== node.specifiers.filter((s) => s.importKind !== 'type').length) return
        path.replaceWithMultiple(
          named.map((s) => {
            const name = t.isIdentifier(s.imported) ? s.imported.name : s.imported.value
            return t.importDeclaration(
              [t.importSpecifier(s.local, t.identifier(name))],
              t.stringLiteral(PER_COMPONENT + name)
            )
          })
        )
      }
    }
  }
}
