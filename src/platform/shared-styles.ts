/**
 * Mini-program: the styles of the shared chunk's modules (config/weapp-shared.ts). A page may use the
 * styles of its own package and the main package only, so the build writes here an import of each
 * (config/weapp-async-list.js) and the app takes them into the main package.
 */
export {}
