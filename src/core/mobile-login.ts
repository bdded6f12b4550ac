import type { LoginResponse, MobileLoginRequest, SmsCaptcha, SmsSendRequest, SmsSendResponse } from '@contract'

import { saveCredential } from './credential'
import type { AppStorage } from './storage'

/** Mainland China mobile numbers: 11 digits starting 13-19. */
const MOBILE = /^1[3-9]\d{9}$/
const SMS_CODE = /^\d{6}$/

/** The message to show for a mobile number, or undefined when it is valid. */
export function validateMobile(mobile: string): string | undefined {
  const value = mobile.trim()
  if (!value) return '请输入手机号'
  if (!MOBILE.test(value)) return '手机号格式不正确，请输入 11 位手机号'
  return undefined
}

export function validateSmsCode(code: string): string | undefined {
  const value = code.trim()
  if (!value) return '请输入验证码'
  if (!SMS_CODE.test(value)) return '验证码为 6 位数字'
  return undefined
}

/** A validation failure of the login form: shown to the user before anything is sent. */
export class InvalidInputError extends Error {
  constructor(
    message: string,
    readonly field: 'mobile' | 'sms_code'
  ) {
    super(message)
    this.name = 'InvalidInputError'
  }
}

export interface MobileLoginDeps {
  storage: AppStorage
  sendSms(request: SmsSendRequest): Promise<SmsSendResponse>
  mobileLogin(request: MobileLoginRequest): Promise<LoginResponse>
  /** Shows the human check the server asked for; its ticket, or undefined when the user closed it. */
  passCaptcha(captcha: SmsCaptcha): Promise<{ ticket: string; randstr: string } | undefined>
}

export const MSG_CAPTCHA_CLOSED = '请完成安全验证后再获取验证码'

/**
 * Sends a code. When the server answers with a human check instead (web sends past a few), the check is shown and
 * the same request goes again with its ticket.
 */
export async function sendSmsCode(deps: MobileLoginDeps, request: SmsSendRequest): Promise<SmsSendResponse> {
  const first = await deps.sendSms(request)
  if (!first.captcha) return first
  const passed = await deps.passCaptcha(first.captcha)
  if (!passed) throw new Error(MSG_CAPTCHA_CLOSED)
  return deps.sendSms({ ...request, captcha_ticket: passed.ticket, captcha_randstr: passed.randstr })
}

/** Sends the login code to a valid number (the login page of plain browsers). */
export async function sendLoginCode(deps: MobileLoginDeps, mobile: string): Promise<SmsSendResponse> {
  const invalid = validateMobile(mobile)
  if (invalid) throw new InvalidInputError(invalid, 'mobile')
  return sendSmsCode(deps, { mobile: mobile.trim(), scene: 'login' })
}

/** Logs in with number and code and stores the login; the stored referrer is passed on for binding. */
export async function loginWithMobile(deps: MobileLoginDeps, mobile: string, smsCode: string): Promise<LoginResponse> {
  const invalidMobile = validateMobile(mobile)
  if (invalidMobile) throw new InvalidInputError(invalidMobile, 'mobile')
  const invalidCode = validateSmsCode(smsCode)
  if (invalidCode) throw new InvalidInputError(invalidCode, 'sms_code')
  const credential = await deps.mobileLogin({
    mobile: mobile.trim(),
    sms_code: smsCode.trim(),
    referee_id: deps.storage.get('refereeId') ?? ''
  })
  saveCredential(deps.storage, credential)
  return credential
}
