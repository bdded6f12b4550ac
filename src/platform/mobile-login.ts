import { mobileLogin, sendSms } from '@/api/user'
import { loginWithMobile, sendLoginCode } from '@/core/mobile-login'

import { appStorage } from './storage'

/** Login by mobile number and SMS code (the login page of plain browsers), wired to the API. */
const deps = { storage: appStorage, sendSms, mobileLogin }

export const sendLoginSms = (mobile: string) => sendLoginCode(deps, mobile)

export const loginByMobile = (mobile: string, smsCode: string) => loginWithMobile(deps, mobile, smsCode)
