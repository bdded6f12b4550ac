/**
 * The calculation engine: pure TypeScript, no Taro, React or I/O. The app pages compute with it
 * instantly (offline too) and the server uses the very same code for records and reports.
 * Import a single area (`@/metaphysics/almanac`) where bundle size matters: each area pulls only
 * its own tables.
 */
export * from './almanac'
export * from './bazi'
export * from './daily'
export * from './errors'
export * from './hexagram'
export * from './lingqi'
export * from './liuyao'
export * from './luopan'
export * from './name'
export * from './qimen'
export * from './time'
export * from './xuankong'
