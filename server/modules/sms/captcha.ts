import type { FastifyBaseLogger } from 'fastify'

import type { SmsCaptcha } from '../../../contract'
import type { TencentCaptchaConfig } from '../../config'
import { AppError } from '../../core/envelope'
import { tc3Authorization } from './tencent'

/** The human check (人机验证) before an SMS send from the web: the client shows it, the server checks its ticket. */
export interface CaptchaProvider {
  /** What the client needs to show the check. */
  readonly client: SmsCaptcha
  /** Whether the ticket the check gave this address is good; throws only when the check cannot be asked. */
  verify(ticket: string, randstr: string, ip: string, log: FastifyBaseLogger): Promise<boolean>
}

export const MSG_CAPTCHA_FAILED = '安全验证未通过，请重新验证'
export const MSG_CAPTCHA_UNREACHABLE = '安全验证服务暂时不可用，请稍后再试'

/** The tickets the app's simulated check hands out (src/platform/captcha.ts): a tap, no puzzle. */
export const SIMULATED_TICKET = /^simulated:[\w-]{1,64}$/

/** Development: the app's own dialog stands in for the puzzle. Production refuses it (startup-check.ts). */
export const simulatorCaptcha: CaptchaProvider = {
  client: { provider: 'simulator', app_id: 'simulator' },
  async verify(ticket, randstr) {
    return SIMULATED_TICKET.test(ticket) && randstr.length > 0
  }
}

interface DescribeCaptchaResultReply {
  Response?: { Error?: { Code: string; Message: string }; CaptchaCode?: number; CaptchaMsg?: string }
}

/**
 * Tencent Captcha's ticket check (DescribeCaptchaResult, API 3.0, 2019-07-22): CaptchaType 9, the ticket and randstr
 * the web check returned, the user's address, the app's id and secret key. CaptchaCode 1 is the only pass; a ticket
 * is good once and for five minutes, which Tencent enforces (codes 8 and 9).
 */
export function tencentCaptcha(cfg: TencentCaptchaConfig): CaptchaProvider {
  const url = new URL(cfg.endpoint)
  return {
    client: { provider: 'tencent', app_id: cfg.appId },
    async verify(ticket, randstr, ip, log) {
      const body = JSON.stringify({
        CaptchaType: 9,
        Ticket: ticket,
        UserIp: ip,
        Randstr: randstr,
        CaptchaAppId: Number(cfg.appId),
        AppSecretKey: cfg.appSecretKey
      })
      const timestamp = Math.floor(Date.now() / 1000)
      const action = 'DescribeCaptchaResult'
      let reply: DescribeCaptchaResultReply
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: {
            authorization: tc3Authorization({
              service: 'captcha',
              secretId: cfg.secretId,
              secretKey: cfg.secretKey,
              host: url.host,
              action,
              body,
              timestamp
            }),
            'content-type': 'application/json; charset=utf-8',
            'x-tc-action': action,
            'x-tc-timestamp': String(timestamp),
            'x-tc-version': '2019-07-22'
          },
          body,
          signal: AbortSignal.timeout(10_000)
        })
        reply = (await res.json()) as DescribeCaptchaResultReply
        // A gateway's error page or an answer without a result is no verdict on the ticket.
        if (!res.ok || typeof reply?.Response !== 'object') throw new Error(`HTTP ${res.status}`)
      } catch (e) {
        log.warn({ captcha: { error: String(e).slice(0, 200) } }, '人机验证服务无法访问')
        throw new AppError(MSG_CAPTCHA_UNREACHABLE)
      }
      const error = reply.Response?.Error
      if (error) {
        log.warn({ captcha: { code: error.Code, message: error.Message.slice(0, 200) } }, '人机验证票据核查出错')
        throw new AppError(MSG_CAPTCHA_UNREACHABLE)
      }
      if (reply.Response?.CaptchaCode === 1) return true
      log.info(
        { captcha: { code: reply.Response?.CaptchaCode, message: reply.Response?.CaptchaMsg } },
        '人机验证未通过'
      )
      return false
    }
  }
}
