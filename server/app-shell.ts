import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

import { negotiate } from '@fastify/accept-negotiator'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'

import { readHome } from './modules/home'
import { appShellPolicy } from './security-headers'

/** Where src/index.html takes the home's first banner (a script in its head). */
const MARKER = "'__FIRST_BANNER__'"

interface Shell {
  html: string
  /** The app's Content-Security-Policy with the hashes of this page's inline scripts. */
  csp: string
  etag: string
  br: Buffer
  gzip: Buffer
}

/**
 * The H5 app's index.html at `/`, with the address of the home's first banner written into it: the page
 * draws that banner (the largest thing the home paints) as soon as it arrives, rather than after the app's
 * code and the home's data (docs/design.md, the H5 home against the empty Taro app). Built pages are cached
 * by banner, compressed once each; the html is revalidated on every visit.
 */
export function registerAppShell(app: FastifyInstance, distDir: string): void {
  const file = path.join(distDir, 'index.html')
  // Read now: the caller registers the shell only when the build has written the file.
  let template = { mtimeMs: fs.statSync(file).mtimeMs, text: fs.readFileSync(file, 'utf8') }
  let last: Shell | undefined

  const shell = async (): Promise<Shell> => {
    // A rebuild of the app while the server runs is picked up on the next visit. While the build has taken
    // the file away (a watch build empties its folder first), the page read last is served.
    const stat = await fs.promises.stat(file).catch(() => undefined)
    if (stat && stat.mtimeMs !== template.mtimeMs) {
      const text = await fs.promises.readFile(file, 'utf8').catch(() => undefined)
      if (text !== undefined) template = { mtimeMs: stat.mtimeMs, text }
    }
    // The page must load even when the database does not answer: it then has no early banner.
    const banner = (await readHome(app.db)?.catch(() => undefined))?.banners[0]?.image ?? ''
    const html = template.text.replace(MARKER, scriptString(banner))
    if (last?.html !== html) last = { ...compressed(html), csp: appShellPolicy(app.config, inlineScriptHashes(html)) }
    return last
  }

  const send = async (req: FastifyRequest, reply: FastifyReply) => {
    const page = await shell()
    reply
      .header('cache-control', 'no-cache')
      .header('etag', page.etag)
      .header('vary', 'accept-encoding')
      .header('content-security-policy', page.csp)
    if (req.headers['if-none-match'] === page.etag) return reply.code(304).send()
    reply.type('text/html; charset=utf-8')
    // By the header's weights, as the static files are: `br;q=0` refuses brotli.
    const encoding = negotiate(String(req.headers['accept-encoding'] ?? ''), ['br', 'gzip'])
    if (encoding === 'br') return reply.header('content-encoding', 'br').send(page.br)
    if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(page.gzip)
    return reply.send(page.html)
  }
  app.get('/', send)
  app.get('/index.html', send)
}

/** A JS string literal that is safe inside an inline script (no `</script>`, no line separators). */
function scriptString(value: string): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

/**
 * The CSP sources of the page's inline scripts (`'sha256-…'`): the browser runs an inline script only when its text
 * hashes to one of them, so a script injected into the page (by a banner address, say) never runs.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const [, attributes, body] of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(attributes ?? '')) continue
    hashes.add(`'sha256-${createHash('sha256').update(body).digest('base64')}'`)
  }
  return [...hashes]
}

function compressed(html: string): Omit<Shell, 'csp'> {
  const body = Buffer.from(html)
  return {
    html,
    etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`,
    br: zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 10 } }),
    gzip: zlib.gzipSync(body, { level: 9 })
  }
}
