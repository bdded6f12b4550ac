import type { FastifyServerOptions } from 'fastify'

/**
 * Parameters whose value is a credential or personal: never written to the log, whatever their case or encoding. The
 * console's search words are among them, since an operator finds people by their whole mobile or name.
 */
const SECRET_PARAMS = new Set([
  'token',
  'access_token',
  'merge_token',
  'code',
  'sms_code',
  'mobile',
  'sig',
  'password',
  'keyword',
  'user'
])

function decoded(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' ')).trim().toLowerCase()
  } catch {
    return name.toLowerCase()
  }
}

/**
 * Strips credentials from a url before it is logged. Each query parameter is judged by its name as the server reads
 * it (decoded: `to%6Bken=` is `token=` to the query parser), so no spelling of the app's `token` parameter
 * (docs/spec.md §7) gets its value into a log line.
 */
export function redactUrl(url: string): string {
  const start = url.indexOf('?')
  if (start < 0) return url
  const hash = url.indexOf('#', start)
  const query = url.slice(start + 1, hash < 0 ? undefined : hash)
  const redacted = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=')
      return eq >= 0 && SECRET_PARAMS.has(decoded(pair.slice(0, eq))) ? `${pair.slice(0, eq)}=[redacted]` : pair
    })
    .join('&')
  return url.slice(0, start + 1) + redacted + (hash < 0 ? '' : url.slice(hash))
}

/** The same names wherever a log line carries them: at its top, or in an object one or two levels down. */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  ...['token', 'merge_token', 'sms_code', 'password', 'id_number', 'idNumber'].flatMap((name) => [
    name,
    `*.${name}`,
    `*.*.${name}`
  ])
]

export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      req: (req: { method: string; url: string; ip?: string; id?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip
      })
    }
  }
}
