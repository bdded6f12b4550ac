import fs from 'node:fs'
import path from 'node:path'

import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'

import { registerAppShell } from './app-shell'
import { precompress } from './precompress'
import { UPLOADS_PREFIX } from './services'
import { contentTypeOf, UPLOAD_KEY } from './storage'

/** Demo images, served at /static/demo/...: `server/static/demo/<domain>/...`. */
export const DEMO_STATIC_DIR = path.join(__dirname, 'static', 'demo')
const YEAR = 'public, max-age=31536000, immutable'
// Build outputs named with a content hash (name.1a2b3c4d.js) never change, so they are cached forever.
const HASHED = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i
const SHOWN_INLINE = /^(?:image|video|audio)\//

/**
 * The H5 app at `/`, uploads (from disk, or redirected to the bucket) and demo images; the API routes
 * are registered before this. Course videos (server/media) are deliberately not served here: they play
 * only through signed links.
 */
export async function registerStaticFiles(app: FastifyInstance): Promise<void> {
  const { config } = app
  await app.register(uploads)
  await app.register(fastifyStatic, {
    root: DEMO_STATIC_DIR,
    prefix: '/static/demo/',
    decorateReply: false,
    index: false,
    // A route per file, as for the built app (builtApp, below).
    wildcard: false,
    cacheControl: false,
    // The home's first banner has compressed copies beside it (scripts/rasterize-demo.ts).
    preCompressed: true,
    setHeaders: (res) => res.header('cache-control', 'public, max-age=86400')
  })
  await registerAdminApp(app)
  if (!fs.existsSync(path.join(config.distDir, 'index.html'))) {
    app.get('/', async (_req, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .send('<!doctype html><meta charset="utf-8"><title>易学</title><p>前端尚未构建，请运行 npm start。</p>')
    )
    return
  }
  // Compressed copies of the app (a phone on a slow network loads a third of the bytes).
  await precompress(config.distDir).catch((err: unknown) =>
    app.log.warn({ err }, 'precompressing the H5 build failed; serving it uncompressed')
  )
  // index.html itself is written per visit, with the home's first banner in it (hence left out below).
  registerAppShell(app, config.distDir)
  await app.register(fastifyStatic, {
    ...builtApp(config.distDir, '/', ['index.html', 'index.html.br', 'index.html.gz']),
    index: false
  })
}

/**
 * Uploads by key: from disk, or redirected to the bucket, where files moved by `npm run storage:migrate` keep
 * the addresses stored before the move. A route of its own, not a wildcard route of @fastify/static, which
 * would read every folder on the path for each request: a month's folder of uploads may hold many thousands.
 */
async function uploads(scope: FastifyInstance): Promise<void> {
  const { config, services } = scope
  const local = services.storage.driver === 'local'
  if (local) {
    fs.mkdirSync(config.uploadDir, { recursive: true })
    await scope.register(fastifyStatic, {
      root: config.uploadDir,
      serve: false,
      index: false,
      cacheControl: false,
      // Only on a file found: a name asked for before it exists must not be remembered as missing for a year.
      setHeaders: (res) => res.header('cache-control', YEAR)
    })
  }
  scope.get(`${UPLOADS_PREFIX}/*`, async (req, reply) => {
    const key = (req.params as { '*': string })['*']
    if (!UPLOAD_KEY.test(key)) return reply.code(404).send()
    // Uploads are pictures (and media); anything else stored here is handed over as a download, never shown as a
    // page of this site (nosniff and the file policy come from security-headers.ts).
    if (!SHOWN_INLINE.test(contentTypeOf(key))) reply.header('content-disposition', 'attachment')
    if (local) return reply.sendFile(key)
    return reply.header('cache-control', 'public, max-age=86400').redirect(services.storage.publicUrl(key), 301)
  })
}

/** A built single-page app: html always revalidated, hashed assets cached for a year. */
function builtApp(root: string, prefix: string, globIgnore: string[] = []) {
  return {
    root,
    prefix,
    decorateReply: false,
    // A route per file, found at start (these folders do not change while the server runs): with one
    // wildcard route, @fastify/static reads every folder on a file's path for each request to check its
    // spelling, most of what a load of the home cost the server (docs/scaling.md, "Files from disk").
    wildcard: false,
    globIgnore,
    cacheControl: false,
    preCompressed: true,
    setHeaders: (res: { header(name: string, value: string): unknown }, filePath: string) => {
      const name = path.basename(filePath).replace(/\.(br|gz)$/, '')
      res.header(
        'cache-control',
        name.endsWith('.html') ? 'no-cache' : HASHED.test(name) ? YEAR : 'public, max-age=3600'
      )
    }
  }
}

/** The operator console (admin/, built into ADMIN_DIST_DIR) at /admin/. */
async function registerAdminApp(app: FastifyInstance): Promise<void> {
  const root = app.config.adminDistDir
  app.get('/admin', async (_req, reply) => reply.redirect('/admin/'))
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    app.get('/admin/', async (_req, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .send(
          '<!doctype html><meta charset="utf-8"><title>运营后台</title><p>运营后台尚未构建，请运行 npm start 或 npm run build:admin。</p>'
        )
    )
    return
  }
  await precompress(root).catch((err: unknown) =>
    app.log.warn({ err }, 'precompressing the console build failed; serving it uncompressed')
  )
  await app.register(fastifyStatic, builtApp(root, '/admin/'))
}
