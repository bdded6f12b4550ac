import type { KeyObject } from 'node:crypto'
import crypto from 'node:crypto'
import type { ServerResponse } from 'node:http'

/**
 * A WeChat Pay v3 notice as WeChat sends it: the resource encrypted with the API v3 key
 * (AEAD_AES_256_GCM) and the body signed with the platform key (per WeChat Pay's v3 docs).
 */
export function signedNotice(n: {
  resource: object
  kind: 'transaction' | 'refund' | 'mch_payment'
  eventType: string
  apiV3Key: string
  signer: KeyObject
  /** Seconds since 1970 the notice claims to be sent at; now by default. */
  timestamp?: number
  /** The platform certificate serial or public key id it names; `PUB_KEY_ID_0001` by default. */
  serial?: string
}) {
  const nonce = crypto.randomBytes(6).toString('hex')
  const cipher = crypto.createCipheriv('aes-256-gcm', Buffer.from(n.apiV3Key), Buffer.from(nonce))
  cipher.setAAD(Buffer.from(n.kind))
  const ciphertext = Buffer.concat([
    cipher.update(JSON.stringify(n.resource), 'utf8'),
    cipher.final(),
    cipher.getAuthTag()
  ]).toString('base64')
  const body = JSON.stringify({
    id: crypto.randomUUID(),
    event_type: n.eventType,
    resource_type: 'encrypt-resource',
    resource: { algorithm: 'AEAD_AES_256_GCM', ciphertext, associated_data: n.kind, nonce, original_type: n.kind }
  })
  const timestamp = String(n.timestamp ?? Math.floor(Date.now() / 1000))
  const headerNonce = crypto.randomBytes(16).toString('hex')
  const signature = crypto
    .createSign('RSA-SHA256')
    .update(`${timestamp}\n${headerNonce}\n${body}\n`)
    .sign(n.signer, 'base64')
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': headerNonce,
      'wechatpay-signature': signature,
      'wechatpay-serial': n.serial ?? 'PUB_KEY_ID_0001'
    }
  }
}

/** Whether a request to the merchant API carries a valid WECHATPAY2-SHA256-RSA2048 signature of `mchId`. */
export function merchantSigned(
  req: { method?: string; url?: string; headers: { authorization?: string } },
  raw: string,
  mchId: string,
  merchantKey: KeyObject
): boolean {
  const auth = String(req.headers.authorization)
  const field = (k: string) => new RegExp(`${k}="([^"]*)"`).exec(auth)?.[1] ?? ''
  const message = `${req.method ?? 'POST'}\n${req.url}\n${field('timestamp')}\n${field('nonce_str')}\n${raw}\n`
  return (
    auth.startsWith('WECHATPAY2-SHA256-RSA2048 ') &&
    field('mchid') === mchId &&
    crypto.createVerify('RSA-SHA256').update(message).verify(merchantKey, field('signature'), 'base64')
  )
}

/**
 * Answers a merchant API request as WeChat Pay does: the body signed with the platform key
 * ("timestamp\nnonce\nbody\n").
 */
export function signedReply(
  res: ServerResponse,
  status: number,
  body: object | null,
  platformKey: KeyObject,
  serial = 'PUB_KEY_ID_0001'
): void {
  const raw = body === null ? '' : JSON.stringify(body)
  const timestamp = String(Math.floor(Date.now() / 1000))
  const nonce = crypto.randomBytes(16).toString('hex')
  const signature = crypto
    .createSign('RSA-SHA256')
    .update(`${timestamp}\n${nonce}\n${raw}\n`)
    .sign(platformKey, 'base64')
  res
    .writeHead(status, {
      ...(body === null ? {} : { 'content-type': 'application/json' }),
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': nonce,
      'wechatpay-signature': signature,
      'wechatpay-serial': serial
    })
    .end(raw)
}
