import type { FastifyBaseLogger } from 'fastify'

export interface SmsProvider {
  readonly name: string
  /** Whether the code may be echoed back to the caller (a simulator outside production). */
  readonly echoesCode: boolean
  sendCode(mobile: string, code: string, log: FastifyBaseLogger): Promise<void>
}

/** Sends nothing: writes the code to the server log so a developer can type it in. */
export function simulatorSms(production: boolean): SmsProvider {
  return {
    name: 'simulator',
    echoesCode: !production,
    async sendCode(mobile, code, log) {
      log.info({ sms: { mobile: `${mobile.slice(0, 3)}****${mobile.slice(7)}`, code } }, '模拟短信验证码')
    }
  }
}
