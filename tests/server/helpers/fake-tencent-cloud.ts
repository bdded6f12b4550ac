import crypto from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

/** A local HTTP stand-in answering JSON, for the fakes of outside services. */
export async function listen(
  handler: (req: http.IncomingMessage, body: string) => { status: number; json: unknown }
): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (c: string) => (body += c))
    req.on('end', () => {
      const out = handler(req, body)
      res.writeHead(out.status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(out.json))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) }
}

const sha256hex = (s: string) => crypto.createHash('sha256').update(s, 'utf8').digest('hex')
const hmac256 = (key: Buffer | string, s: string) => crypto.createHmac('sha256', key).update(s, 'utf8').digest()

/** A Tencent Cloud API 3.0 error answer. */
export const tencentError = (Code: string, Message: string) => ({
  status: 200,
  json: { Response: { Error: { Code, Message }, RequestId: crypto.randomUUID() } }
})

/**
 * Checks a Tencent Cloud API 3.0 request as the service does, TC3-HMAC-SHA256 as documented under "Signature v3"
 * (written here from that document, not from the server's code): the action and version headers, a fresh timestamp,
 * the credential scope (the timestamp's UTC date, the product's service), the signed headers and the signature.
 * Answers the error the service would give, or undefined when the request is good.
 */
export function tc3Refusal(
  req: http.IncomingMessage,
  body: string,
  want: { secretId: string; secretKey: string; service: string; action: string; version: string; region?: string }
) {
  const h = req.headers
  if (req.method !== 'POST' || req.url !== '/') return tencentError('InvalidAction', 'only POST /')
  if (h['x-tc-action'] !== want.action || h['x-tc-version'] !== want.version)
    return tencentError('InvalidParameter', 'action/version')
  if (want.region !== undefined && h['x-tc-region'] !== want.region) return tencentError('InvalidParameter', 'region')
  const timestamp = Number(h['x-tc-timestamp'])
  if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300)
    return tencentError('AuthFailure.SignatureExpire', 'timestamp')
  const m = new RegExp(
    String.raw`^TC3-HMAC-SHA256 Credential=([^/]+)/(\d{4}-\d{2}-\d{2})/([a-z]+)/tc3_request, ` +
      String.raw`SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$`
  ).exec(String(h.authorization))
  if (!m) return tencentError('AuthFailure.InvalidAuthorization', 'authorization header')
  const [, secretId, date, service, signedHeaders, signature] = m
  if (secretId !== want.secretId) return tencentError('AuthFailure.SecretIdNotFound', 'secret id')
  // The credential scope's date is the UTC date of X-TC-Timestamp and the service is the host's first label.
  if (date !== new Date(timestamp * 1000).toISOString().slice(0, 10) || service !== want.service)
    return tencentError('AuthFailure.SignatureFailure', 'scope')
  const names = signedHeaders.split(';')
  if (!names.includes('content-type') || !names.includes('host') || [...names].sort().join(';') !== signedHeaders)
    return tencentError('AuthFailure.SignatureFailure', 'signed headers')
  // Canonical headers: each signed header as lower-case key:trimmed lower-case value, sorted by key.
  const canonicalHeaders = names
    .map(
      (n) =>
        `${n}:${String(h[n] ?? '')
          .trim()
          .toLowerCase()}\n`
    )
    .join('')
  const canonicalRequest = ['POST', '/', '', canonicalHeaders, signedHeaders, sha256hex(body)].join('\n')
  const scope = `${date}/${service}/tc3_request`
  const stringToSign = ['TC3-HMAC-SHA256', String(timestamp), scope, sha256hex(canonicalRequest)].join('\n')
  const kDate = hmac256(`TC3${want.secretKey}`, date)
  const kSigning = hmac256(hmac256(kDate, service), 'tc3_request')
  const expected = crypto.createHmac('sha256', kSigning).update(stringToSign, 'utf8').digest('hex')
  if (expected !== signature) return tencentError('AuthFailure.SignatureFailure', 'signature mismatch')
  return undefined
}
