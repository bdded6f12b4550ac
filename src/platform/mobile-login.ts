import type { SmsScene } from '@contract'

import { mobileLogin, sendSms } from '@/api/user'
import { loginWithMobile, sendLoginCode, sendSmsCode } from '@/core/mobile-login'

import { passCaptcha } from './captcha'
import { appStorage } from './storage'

/** Login by mobile number and SMS code (the login page of plain browsers), wired to the API. */
const deps = { storage: appStorage, sendSms, mobileLogin, passCaptcha }

export const sendLoginSms = (mobile: string) => sendLoginCode(deps, mobile)

/** A code for another scene (binding a number), with the human check when the server asks for one. */
export const sendSceneSms = (mobile: string, scene: SmsScene) => sendSmsCode(deps, { mobile, scene })

export const loginByMobile = (mobile: string, smsCode: string) => loginWithMobile(deps, mobile, smsCode)
