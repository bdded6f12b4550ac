import type { SmsSendRequest, SmsSendResponse } from '../../../contract'
import {
  loginWithMobile,
  MSG_CAPTCHA_CLOSED,
  sendLoginCode,
  validateMobile,
  validateSmsCode
} from '../../../src/core/mobile-login'
import { createStorage } from '../../../src/core/storage'
import { createMemoryBackend } from './memory-storage'

describe('mobile number and code validation', () => {
  it.each([
    ['13800138000', undefined],
    ['19912345678', undefined],
    [' 13800138000 ', undefined],
    ['', '请输入手机号'],
    ['12800138000', '手机号格式不正确，请输入 11 位手机号'],
    ['1380013800', '手机号格式不正确，请输入 11 位手机号'],
    ['138001380001', '手机号格式不正确，请输入 11 位手机号'],
    ['1380013800a', '手机号格式不正确，请输入 11 位手机号']
  ])('mobile %p -> %p', (mobile, message) => {
    expect(validateMobile(mobile)).toBe(message)
  })

  it.each([
    ['123456', undefined],
    ['', '请输入验证码'],
    ['12345', '验证码为 6 位数字'],
    ['12345a', '验证码为 6 位数字']
  ])('code %p -> %p', (code, message) => {
    expect(validateSmsCode(code)).toBe(message)
  })
})

describe('mobile login', () => {
  const deps = () => {
    const storage = createStorage(createMemoryBackend())
    return {
      storage,
      sendSms: jest.fn(async (_request: SmsSendRequest): Promise<SmsSendResponse> => ({ retry_after: 60 })),
      mobileLogin: jest.fn(async () => ({ user_id: 5, token: 't5' })),
      passCaptcha: jest.fn(
        async () => ({ ticket: 'tr0ticket', randstr: '@r' }) as { ticket: string; randstr: string } | undefined
      )
    }
  }

  it('passes the human check the server asks for, then sends with its ticket; closed, it sends nothing', async () => {
    const d = deps()
    const check = { provider: 'tencent', app_id: '190000001' } as const
    d.sendSms.mockResolvedValueOnce({ retry_after: 0, captcha: check })
    expect(await sendLoginCode(d, '13800138000')).toEqual({ retry_after: 60 })
    expect(d.passCaptcha).toHaveBeenCalledWith(check)
    expect(d.sendSms).toHaveBeenLastCalledWith({
      mobile: '13800138000',
      scene: 'login',
      captcha_ticket: 'tr0ticket',
      captcha_randstr: '@r'
    })

    d.sendSms.mockClear()
    d.sendSms.mockResolvedValueOnce({ retry_after: 0, captcha: check })
    d.passCaptcha.mockResolvedValueOnce(undefined)
    await expect(sendLoginCode(d, '13800138000')).rejects.toThrow(MSG_CAPTCHA_CLOSED)
    expect(d.sendSms).toHaveBeenCalledTimes(1)
  })

  it('sends the code only to a valid number', async () => {
    const d = deps()
    await expect(sendLoginCode(d, '123')).rejects.toMatchObject({ field: 'mobile' })
    expect(d.sendSms).not.toHaveBeenCalled()
    await sendLoginCode(d, ' 13800138000')
    expect(d.sendSms).toHaveBeenCalledWith({ mobile: '13800138000', scene: 'login' })
  })

  it('logs in with the stored referrer and stores the credential', async () => {
    const d = deps()
    d.storage.set('refereeId', '42')
    await loginWithMobile(d, '13800138000', ' 123456 ')
    expect(d.mobileLogin).toHaveBeenCalledWith({ mobile: '13800138000', sms_code: '123456', referee_id: '42' })
    expect(d.storage.get('Authorization')).toEqual({ user_id: 5, token: 't5' })
    expect(d.storage.get('isLoggedIn')).toBe(true)
  })

  it('refuses a bad code before sending', async () => {
    const d = deps()
    await expect(loginWithMobile(d, '13800138000', '12')).rejects.toMatchObject({
      field: 'sms_code',
      message: '验证码为 6 位数字'
    })
    expect(d.mobileLogin).not.toHaveBeenCalled()
  })
})
