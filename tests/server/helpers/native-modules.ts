/**
 * Some dependencies reach ESM-only code (fastify's inject and @fastify/cookie -> cookie, @fastify/static ->
 * content-disposition, sanitize-html -> htmlparser2, PGlite's dynamic import of its WASM runtime).
 * Node 20 loads those itself (require(esm)); jest's module registry cannot, so the tests hand jest
 * these packages as loaded by Node. Import this file before anything that reaches the server code.
 */
import NodeModule from 'node:module'

const NATIVE = [
  'fastify',
  '@fastify/static',
  '@fastify/multipart',
  '@fastify/cookie',
  'sanitize-html',
  '@electric-sql/pglite'
]

function nodeRequire(name: string): unknown {
  const Loader = NodeModule as unknown as {
    new (id: string, parent: null): { filename: string; paths: string[]; require(name: string): unknown }
    _nodeModulePaths(dir: string): string[]
  }
  const loader = new Loader(__filename, null)
  loader.filename = __filename
  loader.paths = Loader._nodeModulePaths(__dirname)
  return loader.require(name)
}

for (const name of NATIVE) jest.mock(name, () => nodeRequire(name))
