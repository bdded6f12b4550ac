import './helpers/native-modules'

import crypto from 'node:crypto'

import { eq } from 'drizzle-orm'

import { mobileLookup } from '../../server/core/sealed-columns'
import { smsCodes } from '../../server/db/schema'
import { listen, tc3Refusal, tencentError } from './helpers/fake-tencent-cloud'
import { createTestContext, type TestContext } from './helpers/test-app'

/**
 * Local stand-ins for Tencent Cloud SMS (API 3.0) and Alibaba Cloud dysms. Each one checks the
 * signature the way the vendor documents it, written here from those documents and not from the
 * server's code, and answers like the real service: a refusal code chosen by the phone number.
 */
interface Received {
  phone: string
  templateId: string
  signName: string
  code: string
  appId: string
}

interface Fake {
  url: string
  received: Received[]
  /** Phone number (without +86) -> the vendor's refusal code. */
  refuse: Map<string, string>
  close(): Promise<void>
}

const TC = {
  secretId: 'AKIDtestTencent0001',
  secretKey: 'tencentSecretKeyForTests0001',
  sdkAppId: '1400000001',
  signName: '易学测试',
  templateId: '1234567'
}

/** Tencent Cloud API 3.0, TC3-HMAC-SHA256 as documented under "Signature v3". */
async function fakeTencent(): Promise<Fake> {
  const received: Received[] = []
  const refuse = new Map<string, string>()
  const error = tencentError
  const server = await listen((req, body) => {
    const refused = tc3Refusal(req, body, {
      ...TC,
      service: 'sms',
      action: 'SendSms',
      version: '2021-01-11',
      region: 'ap-guangzhou'
    })
    if (refused) return refused
    const p = JSON.parse(body) as {
      PhoneNumberSet: string[]
      SmsSdkAppId: string
      SignName: string
      TemplateId: string
      TemplateParamSet: string[]
    }
    if (p.SmsSdkAppId !== TC.sdkAppId) return error('InvalidParameterValue.SdkAppIdNotExist', 'SdkAppId')
    if (p.PhoneNumberSet.length !== 1 || !/^\+86\d{11}$/.test(p.PhoneNumberSet[0]))
      return error('InvalidParameterValue.IncorrectPhoneNumber', 'phone')
    const phone = p.PhoneNumberSet[0].slice(3)
    received.push({
      phone,
      templateId: p.TemplateId,
      signName: p.SignName,
      code: p.TemplateParamSet?.[0] ?? '',
      appId: p.SmsSdkAppId
    })
    const refusal = refuse.get(phone)
    if (refusal?.startsWith('request:')) return error(refusal.slice(8), 'refused')
    const status = refusal ?? 'Ok'
    return {
      status: 200,
      json: {
        Response: {
          SendStatusSet: [
            {
              SerialNo: crypto.randomUUID(),
              PhoneNumber: p.PhoneNumberSet[0],
              Fee: status === 'Ok' ? 1 : 0,
              SessionContext: '',
              Code: status,
              Message: status === 'Ok' ? 'send success' : 'refused',
              IsoCode: 'CN'
            }
          ],
          RequestId: crypto.randomUUID()
        }
      }
    }
  })
  return { ...server, received, refuse }
}

const ALI = {
  accessKeyId: 'LTAItestAliyun0001',
  accessKeySecret: 'aliyunSecretForTests0001',
  signName: '易学测试',
  templateCode: 'SMS_123456789'
}

/** RFC 3986 encoding of UTF-8 bytes: letters, digits and -_.~ stay, everything else is %XY. */
function rfc3986(s: string): string {
  let out = ''
  for (const byte of Buffer.from(s, 'utf8')) {
    const c = String.fromCharCode(byte)
    out += /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`
  }
  return out
}

/** Alibaba Cloud RPC signature v1.0 (HMAC-SHA1), as documented for dysms. */
async function fakeAliyun(): Promise<Fake> {
  const received: Received[] = []
  const refuse = new Map<string, string>()
  const answer = (Code: string, Message: string) => ({
    status: Code === 'OK' ? 200 : 400,
    json: { Code, Message, RequestId: crypto.randomUUID(), ...(Code === 'OK' ? { BizId: '9006197469364984^0' } : {}) }
  })
  const server = await listen((req, body) => {
    if (req.method !== 'POST' || !String(req.headers['content-type']).startsWith('application/x-www-form-urlencoded'))
      return answer('InvalidParameter', 'form POST only')
    const params = Object.fromEntries(new URLSearchParams(body))
    const { Signature: signature, ...signed } = params
    if (signed.AccessKeyId !== ALI.accessKeyId) return answer('InvalidAccessKeyId.NotFound', 'access key')
    if (signed.SignatureMethod !== 'HMAC-SHA1' || signed.SignatureVersion !== '1.0' || !signed.SignatureNonce)
      return answer('IncompleteSignature', 'signature method')
    if (signed.Action !== 'SendSms' || signed.Version !== '2017-05-25' || signed.Format !== 'JSON')
      return answer('InvalidParameter', 'action')
    if (
      !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(signed.Timestamp ?? '') ||
      Math.abs(Date.now() - Date.parse(signed.Timestamp)) > 15 * 60_000
    )
      return answer('InvalidTimeStamp.Expired', 'timestamp')
    const canonical = Object.keys(signed)
      .sort()
      .map((k) => `${rfc3986(k)}=${rfc3986(signed[k])}`)
      .join('&')
    const stringToSign = `POST&${rfc3986('/')}&${rfc3986(canonical)}`
    const expected = crypto.createHmac('sha1', `${ALI.accessKeySecret}&`).update(stringToSign, 'utf8').digest('base64')
    if (expected !== signature) return answer('SignatureDoesNotMatch', 'signature mismatch')
    const phone = signed.PhoneNumbers
    if (!/^(\+?86)?1\d{10}$/.test(phone)) return answer('isv.MOBILE_NUMBER_ILLEGAL', 'phone')
    const code = (JSON.parse(signed.TemplateParam ?? '{}') as { code?: string }).code ?? ''
    received.push({
      phone: phone.replace(/^\+?86/, ''),
      templateId: signed.TemplateCode,
      signName: signed.SignName,
      code,
      appId: ''
    })
    return answer(refuse.get(phone.replace(/^\+?86/, '')) ?? 'OK', 'refused or ok')
  })
  return { ...server, received, refuse }
}

async function sendCode(ctx: TestContext, mobile: string, ip = '10.9.9.9') {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/sms.index/send',
    payload: { mobile, scene: 'login' },
    remoteAddress: ip
  })
  return res.json()
}

const codesFor = async (ctx: TestContext, mobile: string) =>
  ctx.database.db
    .select()
    .from(smsCodes)
    .where(eq(smsCodes.mobileHash, mobileLookup(ctx.app.services.dataCipher, mobile)))

describe('Tencent Cloud SMS', () => {
  let fake: Fake
  let ctx: TestContext
  beforeAll(async () => {
    fake = await fakeTencent()
    ctx = await createTestContext({
      SMS_PROVIDER: 'tencent',
      TENCENT_SMS_SECRET_ID: TC.secretId,
      TENCENT_SMS_SECRET_KEY: TC.secretKey,
      TENCENT_SMS_SDK_APP_ID: TC.sdkAppId,
      TENCENT_SMS_SIGN_NAME: TC.signName,
      TENCENT_SMS_TEMPLATE_ID: TC.templateId,
      TENCENT_SMS_ENDPOINT: fake.url,
      SMS_IP_HOURLY_LIMIT: '3'
    })
  })
  afterAll(async () => {
    await ctx.close()
    await fake.close()
  })

  test('an accepted send carries +86, template, signature and code to the number; the code then logs in', async () => {
    const r = await sendCode(ctx, '13800138000')
    expect(r).toMatchObject({ code: 1, data: { retry_after: 60 } })
    expect(r.data.debug_code).toBeUndefined()
    expect(fake.received).toHaveLength(1)
    const sent = fake.received[0]
    expect(sent).toMatchObject({
      phone: '13800138000',
      templateId: TC.templateId,
      signName: TC.signName,
      appId: TC.sdkAppId
    })
    expect(sent.code).toMatch(/^\d{6}$/)
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/user.user/mobileLogin',
      payload: { mobile: '13800138000', sms_code: sent.code }
    })
    expect(login.json()).toMatchObject({ code: 1 })
  })

  test('a wrong secret fails the signature check and the user is told the service is misconfigured', async () => {
    const other = await createTestContext(
      {
        SMS_PROVIDER: 'tencent',
        TENCENT_SMS_SECRET_ID: TC.secretId,
        TENCENT_SMS_SECRET_KEY: 'not-the-secret',
        TENCENT_SMS_SDK_APP_ID: TC.sdkAppId,
        TENCENT_SMS_SIGN_NAME: TC.signName,
        TENCENT_SMS_TEMPLATE_ID: TC.templateId,
        TENCENT_SMS_ENDPOINT: fake.url
      },
      ctx.database
    )
    try {
      const before = fake.received.length
      expect(await sendCode(other, '13800138009')).toMatchObject({
        code: 0,
        msg: '短信服务配置有误（签名、模板或密钥），请联系客服'
      })
      expect(fake.received).toHaveLength(before)
    } finally {
      await other.close()
    }
  })

  test.each([
    ['13800138001', 'LimitExceeded.PhoneNumberDailyLimit', '该手机号接收短信过于频繁，请稍后再试'],
    ['13800138002', 'InvalidParameterValue.IncorrectPhoneNumber', '手机号码无法接收短信，请检查号码是否正确'],
    [
      '13800138003',
      'request:FailedOperation.InsufficientBalanceInSmsPackage',
      '短信发送额度已用完，请稍后再试或联系客服'
    ],
    [
      '13800138004',
      'request:FailedOperation.TemplateIncorrectOrUnapproved',
      '短信服务配置有误（签名、模板或密钥），请联系客服'
    ]
  ])(
    'a refusal for %s (%s) reaches the user in Chinese and uses up none of the limits',
    async (mobile, refusal, message) => {
      fake.refuse.set(mobile, refusal)
      // The IP allows 3 codes an hour: four refusals in a row must not exhaust it, nor the one-a-minute rule.
      for (let i = 0; i < 4; i++)
        expect(await sendCode(ctx, mobile, `10.7.7.${mobile.slice(-1)}`)).toMatchObject({ code: 0, msg: message })
      expect(await codesFor(ctx, mobile)).toHaveLength(0)
      fake.refuse.delete(mobile)
      expect(await sendCode(ctx, mobile, `10.7.7.${mobile.slice(-1)}`)).toMatchObject({ code: 1 })
      expect(await codesFor(ctx, mobile)).toHaveLength(1)
      const logged = ctx.logs.filter((l) => l.includes('短信发送被拒绝')).join('\n')
      expect(logged).toContain(refusal.replace(/^request:/, ''))
      expect(logged).not.toContain(mobile)
    }
  )
})

describe('Alibaba Cloud SMS', () => {
  let fake: Fake
  let ctx: TestContext
  beforeAll(async () => {
    fake = await fakeAliyun()
    ctx = await createTestContext({
      SMS_PROVIDER: 'aliyun',
      ALIYUN_SMS_ACCESS_KEY_ID: ALI.accessKeyId,
      ALIYUN_SMS_ACCESS_KEY_SECRET: ALI.accessKeySecret,
      ALIYUN_SMS_SIGN_NAME: ALI.signName,
      ALIYUN_SMS_TEMPLATE_CODE: ALI.templateCode,
      ALIYUN_SMS_ENDPOINT: fake.url,
      SMS_IP_HOURLY_LIMIT: '3'
    })
  })
  afterAll(async () => {
    await ctx.close()
    await fake.close()
  })

  test('an accepted send carries template code, Chinese signature name and the code, correctly signed', async () => {
    const r = await sendCode(ctx, '13900139000')
    expect(r).toMatchObject({ code: 1, data: { retry_after: 60 } })
    expect(r.data.debug_code).toBeUndefined()
    expect(fake.received).toEqual([
      {
        phone: '13900139000',
        templateId: ALI.templateCode,
        signName: ALI.signName,
        code: expect.stringMatching(/^\d{6}$/),
        appId: ''
      }
    ])
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/user.user/mobileLogin',
      payload: { mobile: '13900139000', sms_code: fake.received[0].code }
    })
    expect(login.json()).toMatchObject({ code: 1 })
  })

  test.each([
    ['13900139001', 'isv.BUSINESS_LIMIT_CONTROL', '该手机号接收短信过于频繁，请稍后再试'],
    ['13900139002', 'isv.MOBILE_NUMBER_ILLEGAL', '手机号码无法接收短信，请检查号码是否正确'],
    ['13900139003', 'isv.AMOUNT_NOT_ENOUGH', '短信发送额度已用完，请稍后再试或联系客服'],
    ['13900139004', 'isv.SMS_TEMPLATE_ILLEGAL', '短信服务配置有误（签名、模板或密钥），请联系客服']
  ])(
    'a refusal for %s (%s) reaches the user in Chinese and uses up none of the limits',
    async (mobile, refusal, message) => {
      fake.refuse.set(mobile, refusal)
      for (let i = 0; i < 4; i++)
        expect(await sendCode(ctx, mobile, `10.8.8.${mobile.slice(-1)}`)).toMatchObject({ code: 0, msg: message })
      expect(await codesFor(ctx, mobile)).toHaveLength(0)
      fake.refuse.delete(mobile)
      expect(await sendCode(ctx, mobile, `10.8.8.${mobile.slice(-1)}`)).toMatchObject({ code: 1 })
    }
  )

  test('an unreachable service is a clear message and no code is kept', async () => {
    const other = await createTestContext(
      {
        SMS_PROVIDER: 'aliyun',
        ALIYUN_SMS_ACCESS_KEY_ID: ALI.accessKeyId,
        ALIYUN_SMS_ACCESS_KEY_SECRET: ALI.accessKeySecret,
        ALIYUN_SMS_SIGN_NAME: ALI.signName,
        ALIYUN_SMS_TEMPLATE_CODE: ALI.templateCode,
        ALIYUN_SMS_ENDPOINT: 'http://127.0.0.1:9'
      },
      ctx.database
    )
    try {
      expect(await sendCode(other, '13900139009')).toMatchObject({ code: 0, msg: '短信服务暂时不可用，请稍后再试' })
      expect(await codesFor(ctx, '13900139009')).toHaveLength(0)
    } finally {
      await other.close()
    }
  })
})

describe('production', () => {
  test('the SMS code is never handed to the caller, whatever provider is configured', async () => {
    // The start-up check refuses the simulator in production; should it run anyway, it still keeps the code.
    const ctx = await createTestContext({ NODE_ENV: 'production' })
    try {
      const r = await sendCode(ctx, '13700137999')
      expect(r).toMatchObject({ code: 1, data: { retry_after: 60 } })
      expect(Object.keys(r.data)).toEqual(['retry_after'])
      expect(await codesFor(ctx, '13700137999')).toHaveLength(1)
    } finally {
      await ctx.close()
    }
  })
})
