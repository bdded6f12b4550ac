import crypto from 'node:crypto'

// WeChat Pay API v3 signing rules (pay.weixin.qq.com/doc/v3/merchant/4012365336 and 4013053249):
// every message is its fields joined by "\n" with a trailing "\n", signed SHA256-with-RSA, base64.

export function signMessage(fields: string[], privateKey: crypto.KeyObject): string {
  return crypto
    .createSign('RSA-SHA256')
    .update(fields.join('\n') + '\n')
    .sign(privateKey, 'base64')
}

export function verifyMessage(fields: string[], signature: string, publicKey: crypto.KeyObject): boolean {
  try {
    return crypto
      .createVerify('RSA-SHA256')
      .update(fields.join('\n') + '\n')
      .verify(publicKey, signature, 'base64')
  } catch {
    return false
  }
}

/** The Authorization header of a request to the merchant API. */
export function authorizationHeader(
  opts: { mchId: string; serialNo: string; privateKey: crypto.KeyObject },
  method: string,
  pathWithQuery: string,
  body: string,
  timestamp = Math.floor(Date.now() / 1000),
  nonce = crypto.randomBytes(16).toString('hex')
): string {
  const signature = signMessage([method, pathWithQuery, String(timestamp), nonce, body], opts.privateKey)
  return (
    `WECHATPAY2-SHA256-RSA2048 mchid="${opts.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp=` +
    `"${timestamp}",serial_no="${opts.serialNo}"`
  )
}

export interface EncryptedResource {
  algorithm: string
  ciphertext: string
  associated_data?: string
  nonce: string
}

/** AEAD_AES_256_GCM with the API v3 key; the last 16 bytes of the ciphertext are the tag. */
export function decryptResource(resource: EncryptedResource, apiV3Key: string): string {
  if (resource.algorithm !== 'AEAD_AES_256_GCM') throw new Error(`unsupported algorithm ${resource.algorithm}`)
  const data = Buffer.from(resource.ciphertext, 'base64')
  const decipher = crypto.createDecipheriv(
    'aes-256-gcm',
    Buffer.from(apiV3Key, 'utf8'),
    Buffer.from(resource.nonce, 'utf8')
  )
  decipher.setAuthTag(data.subarray(data.length - 16))
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'))
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8')
}

/** Accepts a platform certificate or a platform public key in PEM. */
export function platformPublicKey(pem: string): crypto.KeyObject {
  return pem.includes('BEGIN CERTIFICATE') ? new crypto.X509Certificate(pem).publicKey : crypto.createPublicKey(pem)
}

/** A sensitive request field (the payee's name) for WeChat Pay: RSA-OAEP (SHA-1) with the platform key, base64. */
export function encryptField(value: string, platformKey: crypto.KeyObject): string {
  return crypto
    .publicEncrypt(
      { key: platformKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha1' },
      Buffer.from(value, 'utf8')
    )
    .toString('base64')
}
