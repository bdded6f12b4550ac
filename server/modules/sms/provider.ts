import type { FastifyBaseLogger } from 'fastify'

import { AppError } from '../../core/envelope'

export interface SmsProvider {
  readonly name: string
  /** Whether the code may be echoed back to the caller (a simulator outside production). */
  readonly echoesCode: boolean
  /** Sends the code; a provider's refusal throws an AppError the user can act on. */
  sendCode(mobile: string, code: string, log: FastifyBaseLogger): Promise<void>
}

export const maskMobile = (mobile: string) => `${mobile.slice(0, 3)}****${mobile.slice(7)}`

/** Sends nothing: writes the code to the server log so a developer can type it in. */
export function simulatorSms(production: boolean): SmsProvider {
  return {
    name: 'simulator',
    echoesCode: !production,
    async sendCode(mobile, code, log) {
      log.info({ sms: { mobile: maskMobile(mobile), code } }, '模拟短信验证码')
    }
  }
}

/** What a provider's refusal means to the user, whichever provider said it. */
export const SMS_REFUSALS = {
  frequent: '该手机号接收短信过于频繁，请稍后再试',
  badNumber: '手机号码无法接收短信，请检查号码是否正确',
  blocked: '该手机号已退订或拒收短信，无法发送验证码',
  quota: '短信发送额度已用完，请稍后再试或联系客服',
  setup: '短信服务配置有误（签名、模板或密钥），请联系客服',
  failed: '短信发送失败，请稍后再试',
  unreachable: '短信服务暂时不可用，请稍后再试'
} as const
export type SmsRefusal = keyof typeof SMS_REFUSALS

/** Logs the provider's own answer (the number masked) and gives the user the plain reason. */
export function smsRefused(
  log: FastifyBaseLogger,
  provider: string,
  mobile: string,
  kind: SmsRefusal,
  providerCode: string,
  message = ''
): AppError {
  log.warn(
    { sms: { provider, mobile: maskMobile(mobile), code: providerCode, message: message.slice(0, 200) } },
    '短信发送被拒绝'
  )
  return new AppError(SMS_REFUSALS[kind])
}
