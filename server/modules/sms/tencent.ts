import crypto from 'node:crypto'

import type { TencentSmsConfig } from '../../config'
import { type SmsProvider, type SmsRefusal, smsRefused } from './provider'

const SERVICE = 'sms'
const VERSION = '2021-01-11'

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex')
const hmac = (key: crypto.BinaryLike, text: string) => crypto.createHmac('sha256', key).update(text).digest()

/**
 * The Authorization header of a Tencent Cloud API 3.0 POST with a JSON body (TC3-HMAC-SHA256, as
 * Tencent publishes it): a canonical request over content-type, host and x-tc-action, hashed into
 * the string to sign, signed with a key derived from the secret, the UTC date and the service.
 */
export function tc3Authorization(a: {
  /** The product's service name in the scope: sms, captcha … */
  service?: string
  secretId: string
  secretKey: string
  host: string
  action: string
  body: string
  timestamp: number
}): string {
  const date = new Date(a.timestamp * 1000).toISOString().slice(0, 10)
  const signedHeaders = 'content-type;host;x-tc-action'
  const canonicalHeaders =
    `content-type:application/json; ` + `charset=utf-8\nhost:${a.host}\nx-tc-action:${a.action.toLowerCase()}\n`
  const canonicalRequest = ['POST', '/', '', canonicalHeaders, signedHeaders, sha256(a.body)].join('\n')
  const service = a.service ?? SERVICE
  const scope = `${date}/${service}/tc3_request`
  const stringToSign = ['TC3-HMAC-SHA256', String(a.timestamp), scope, sha256(canonicalRequest)].join('\n')
  const signingKey = hmac(hmac(hmac(`TC3${a.secretKey}`, date), service), 'tc3_request')
  const signature = crypto.createHmac('sha256', signingKey).update(stringToSign).digest('hex')
  return `TC3-HMAC-SHA256 Credential=${a.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`
}

/** Tencent's error codes (request-level and per number), by what they mean to the user. */
function refusalOf(code: string): SmsRefusal {
  if (code.startsWith('LimitExceeded.')) return 'frequent'
  if (/IncorrectPhoneNumber|PhoneNumberParseFail|InvalidParameterValue\.Prohibited/.test(code)) return 'badNumber'
  if (/Blacklist|Unsubscribe/i.test(code)) return 'blocked'
  if (/InsufficientBalance|PackageExhausted|Arrears/i.test(code)) return 'quota'
  if (/^AuthFailure|Template|Signature|SdkAppId|SignName|UnsupportedRegion/.test(code)) return 'setup'
  return 'failed'
}

interface SendSmsReply {
  Response?: {
    Error?: { Code: string; Message: string }
    SendStatusSet?: { Code: string; Message: string; PhoneNumber: string }[]
  }
}

/** Tencent Cloud SMS (API 3.0 SendSms): the template's one variable {1} is the code. */
export function tencentSms(cfg: TencentSmsConfig): SmsProvider {
  const url = new URL(cfg.endpoint)
  return {
    name: 'tencent',
    echoesCode: false,
    async sendCode(mobile, code, log) {
      const body = JSON.stringify({
        PhoneNumberSet: [`+86${mobile}`],
        SmsSdkAppId: cfg.sdkAppId,
        SignName: cfg.signName,
        TemplateId: cfg.templateId,
        TemplateParamSet: [code]
      })
      const timestamp = Math.floor(Date.now() / 1000)
      let reply: SendSmsReply
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: {
            authorization: tc3Authorization({
              secretId: cfg.secretId,
              secretKey: cfg.secretKey,
              host: url.host,
              action: 'SendSms',
              body,
              timestamp
            }),
            'content-type': 'application/json; charset=utf-8',
            'x-tc-action': 'SendSms',
            'x-tc-timestamp': String(timestamp),
            'x-tc-version': VERSION,
            'x-tc-region': cfg.region
          },
          body,
          signal: AbortSignal.timeout(10_000)
        })
        reply = (await res.json()) as SendSmsReply
      } catch (e) {
        throw smsRefused(log, 'tencent', mobile, 'unreachable', 'network', String(e))
      }
      const error = reply.Response?.Error
      if (error) throw smsRefused(log, 'tencent', mobile, refusalOf(error.Code), error.Code, error.Message)
      const status = reply.Response?.SendStatusSet?.[0]
      if (!status) throw smsRefused(log, 'tencent', mobile, 'failed', 'no-status')
      if (status.Code !== 'Ok')
        throw smsRefused(log, 'tencent', mobile, refusalOf(status.Code), status.Code, status.Message)
    }
  }
}
