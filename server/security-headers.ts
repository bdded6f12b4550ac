import { fastifyHelmet } from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'

import type { Config } from './config'
import { publicObjectBase } from './storage/s3'

type Directives = Record<string, string[]>
type Headers = Record<string, string>

/** WeChat's JS-SDK (src/platform/wechat-jssdk.ts); WeChat serves it from either host. */
const WECHAT_SDK = ['https://res.wx.qq.com', 'https://res2.wx.qq.com']
/**
 * Tencent Captcha (src/platform/captcha.ts): its script and its puzzle's frame come from turing.captcha.qcloud.com,
 * the puzzle's own files from turing.captcha.gtimg.com. Only with CAPTCHA_PROVIDER=tencent.
 */
const TENCENT_CAPTCHA = ['https://turing.captcha.qcloud.com', 'https://turing.captcha.gtimg.com']
const YEAR_SECONDS = 31_536_000

/** The origins our files come from besides this server: the bucket and its CDN (STORAGE=s3). */
export function storageOrigins(config: Config): string[] {
  if (config.storage.driver !== 's3') return []
  const s3 = config.storage.s3
  const origins = [publicObjectBase(s3), publicObjectBase({ ...s3, publicBaseUrl: '' })]
  if (s3.endpoint) origins.push(s3.endpoint)
  return [...new Set(origins.map((url) => new URL(url).origin))]
}

/**
 * The H5 app (dist/h5 at /). Scripts: our own files, the inline scripts of index.html by their hashes (app-shell.ts
 * adds them) and WeChat's JS-SDK. Pictures, video and the requests that fetch them (hls.js) may come from any https
 * host: covers, article pictures and lesson videos are addresses operators type (a CDN's, WeChat avatars, the
 * Tencent static map, the live provider's pull address), and none of them can run code. Styles: Taro's components
 * and the rem script set inline styles. The web view page (pages/web/web) frames only WEB_VIEW_HOSTS.
 */
function appDirectives(config: Config): Directives {
  // A plain-http site (development, a local demo) also reaches plain-http hosts: a stream or picture an operator
  // serves locally. Over https the browser refuses those as mixed content anyway.
  const files = [...storageOrigins(config), ...(config.publicUrl.startsWith('http://') ? ['http:'] : [])]
  const captcha = config.captcha.provider === 'tencent' ? TENCENT_CAPTCHA : []
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'script-src': ["'self'", ...WECHAT_SDK, ...captcha],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:', ...files],
    'media-src': ["'self'", 'blob:', 'https:', ...files],
    'font-src': ["'self'", 'data:'],
    // blob: and data:: Taro's H5 uploadFile reads the picked picture back from its blob: address before sending it.
    'connect-src': ["'self'", 'blob:', 'data:', 'https:', ...files],
    'worker-src': ["'self'", 'blob:'],
    'frame-src': ["'self'", ...config.webViewHosts.map((host) => `https://${host}`), ...captcha],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
    ...(config.publicUrl.startsWith('https://') ? { 'upgrade-insecure-requests': [] } : {})
  }
}

/**
 * The operator console (/admin/): only its own scripts, antd's inline styles, requests to this server and to the
 * bucket (lesson videos are uploaded straight into it), and it may never be framed (clickjacking an operator).
 */
function consoleDirectives(config: Config): Directives {
  const files = storageOrigins(config)
  return {
    ...appDirectives(config),
    'script-src': ["'self'"],
    'connect-src': ["'self'", ...files],
    'frame-src': ["'none'"],
    'frame-ancestors': ["'none'"]
  }
}

/** API answers are data; the few pages under /api (the WeChat simulator's) use inline styles and post forms here. */
const API_DIRECTIVES: Directives = {
  'default-src': ["'none'"],
  'style-src': ["'unsafe-inline'"],
  'img-src': ["'self'", 'data:'],
  'form-action': ["'self'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"]
}

/** Uploaded and demo files are shown, never run: a file opened on its own is sandboxed. */
const FILE_DIRECTIVES: Directives = {
  'default-src': ["'none'"],
  'img-src': ["'self'", 'data:'],
  'media-src': ["'self'"],
  'style-src': ["'unsafe-inline'"],
  sandbox: [],
  'frame-ancestors': ["'none'"]
}

/** The policy as its header text, built and checked by helmet (a malformed source is refused at start). */
function cspText(directives: Directives): string {
  let text = ''
  const middleware = fastifyHelmet.contentSecurityPolicy({ useDefaults: false, directives })
  const capture = { setHeader: (_name: string, value: string) => (text = value) }
  middleware({} as never, capture as never, () => undefined)
  return text
}

/** The app's policy with the hashes of index.html's inline scripts (`'sha256-…'`), as app-shell.ts serves it. */
export function appShellPolicy(config: Config, scriptHashes: string[]): string {
  const directives = appDirectives(config)
  return cspText({ ...directives, 'script-src': [...directives['script-src'], ...scriptHashes] })
}

/** The headers of every answer, by what it is: the app, the console, the API, a stored file. */
export function securityHeaders(config: Config): { app: Headers; console: Headers; api: Headers; files: Headers } {
  const common: Headers = {
    'x-content-type-options': 'nosniff',
    // Production is served over HTTPS only (deploy/nginx-https.conf); a local http trial must not be pinned to it.
    ...(config.nodeEnv === 'production' ? { 'strict-transport-security': `max-age=${YEAR_SECONDS}` } : {})
  }
  const closed = { ...common, 'x-frame-options': 'DENY', 'referrer-policy': 'no-referrer' }
  return {
    app: {
      ...common,
      'content-security-policy': cspText(appDirectives(config)),
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'strict-origin-when-cross-origin'
    },
    console: {
      ...closed,
      'content-security-policy': cspText(consoleDirectives(config)),
      'cross-origin-opener-policy': 'same-origin'
    },
    api: { ...closed, 'content-security-policy': cspText(API_DIRECTIVES) },
    files: { ...closed, 'content-security-policy': cspText(FILE_DIRECTIVES) }
  }
}

/**
 * The path as the router will match it: it decodes escapes, so `/%61dmin/` is served the console and must be given
 * the console's headers. An escape that does not decode is left as written (the router answers it 400).
 */
function routedPath(url: string): string {
  if (!url.includes('%')) return url
  try {
    return decodeURIComponent(url)
  } catch {
    return url
  }
}

/**
 * Sets the headers on every answer as the request arrives (404s and errors included). The policies are fixed at
 * start, so their text is built once here; @fastify/helmet's own hook would build helmet's middleware anew for each
 * request (~9 µs each, measured, on the busiest reads).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = securityHeaders(app.config)
  app.addHook('onRequest', (req, reply, done) => {
    const url = routedPath(req.url)
    if (url.startsWith('/api/')) reply.headers(headers.api)
    else if (url === '/admin' || url.startsWith('/admin/') || url.startsWith('/admin?')) reply.headers(headers.console)
    else if (url.startsWith('/uploads/') || url.startsWith('/static/')) reply.headers(headers.files)
    else reply.headers(headers.app)
    done()
  })
}
