import crypto from 'node:crypto'

import type { AliyunSmsConfig } from '../../config'
import { type SmsProvider, type SmsRefusal, smsRefused } from './provider'

/** RFC 3986 percent-encoding, as Alibaba Cloud's RPC signature requires (space %20, * %2A, ~ kept). */
export const percentEncode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)

/**
 * Alibaba Cloud's RPC signature (SignatureVersion 1.0, HMAC-SHA1): the parameters sorted by name,
 * each name and value percent-encoded, joined, then `METHOD&%2F&` + the encoded string, signed
 * with `AccessKeySecret&` and base64-encoded.
 */
export function rpcSignature(method: string, params: Record<string, string>, secret: string): string {
  const canonical = Object.keys(params)
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k])}`)
    .join('&')
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(canonical)}`
  return crypto.createHmac('sha1', `${secret}&`).update(stringToSign).digest('base64')
}

function refusalOf(code: string): SmsRefusal {
  if (/LIMIT_CONTROL$/.test(code) && code !== 'isv.BLACK_KEY_CONTROL_LIMIT') return 'frequent'
  if (/MOBILE_NUMBER_ILLEGAL|MOBILE_COUNT_OVER_LIMIT/.test(code)) return 'badNumber'
  if (/BLACK/.test(code)) return 'blocked'
  if (/AMOUNT_NOT_ENOUGH|OUT_OF_SERVICE/.test(code)) return 'quota'
  if (/TEMPLATE|SIGN|Signature|AccessKey|Forbidden|PRODUCT_UN_SUBSCRIPT/i.test(code)) return 'setup'
  return 'failed'
}

/** Alibaba Cloud SMS (dysms SendSms, API 2017-05-25): the template's variable ${code} is the code. */
export function aliyunSms(cfg: AliyunSmsConfig): SmsProvider {
  return {
    name: 'aliyun',
    echoesCode: false,
    async sendCode(mobile, code, log) {
      const params: Record<string, string> = {
        AccessKeyId: cfg.accessKeyId,
        Action: 'SendSms',
        Format: 'JSON',
        PhoneNumbers: mobile,
        RegionId: 'cn-hangzhou',
        SignName: cfg.signName,
        SignatureMethod: 'HMAC-SHA1',
        SignatureNonce: crypto.randomUUID(),
        SignatureVersion: '1.0',
        TemplateCode: cfg.templateCode,
        TemplateParam: JSON.stringify({ code }),
        Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
        Version: '2017-05-25'
      }
      const form = new URLSearchParams({ ...params, Signature: rpcSignature('POST', params, cfg.accessKeySecret) })
      let reply: { Code?: string; Message?: string }
      try {
        const res = await fetch(`${cfg.endpoint}/`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form.toString(),
          signal: AbortSignal.timeout(10_000)
        })
        reply = (await res.json()) as typeof reply
      } catch (e) {
        throw smsRefused(log, 'aliyun', mobile, 'unreachable', 'network', String(e))
      }
      if (reply.Code !== 'OK')
        throw smsRefused(log, 'aliyun', mobile, refusalOf(reply.Code ?? ''), reply.Code ?? 'no-code', reply.Message)
    }
  }
}
