import crypto from 'node:crypto'

/** The signature url is the page url without its hash (WeChat JS-SDK doc, appendix 1). */
export function urlWithoutHash(url: string): string {
  const i = url.indexOf('#')
  return i === -1 ? url : url.slice(0, i)
}

/** sha1 of the four fields in the fixed order WeChat documents: jsapi_ticket, noncestr, timestamp, url. */
export function signJsapi(ticket: string, nonceStr: string, timestamp: number, url: string): string {
  const plain = `jsapi_ticket=${ticket}&noncestr=${nonceStr}&timestamp=${timestamp}&url=${urlWithoutHash(url)}`
  return crypto.createHash('sha1').update(plain).digest('hex')
}

export function newNonce(length = 16): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
  const bytes = crypto.randomBytes(length)
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('')
}
