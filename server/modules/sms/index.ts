import { eq } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'

import type { SmsSendResponse } from '../../../contract'
import { AppError } from '../../core/envelope'
import { clientIp } from '../../core/request-params'
import { optionalUserId, publicRoute } from '../../core/route'
import { mobileLookup } from '../../core/sealed-columns'
import { mobileSchema, optional, text } from '../../core/validate'
import { wechatAccounts } from '../../db/schema'
import { MSG_CAPTCHA_FAILED } from './captcha'
import { createSmsCode, MSG_SMS_BUSY, RESEND_SECONDS, SMS_SCENES, withdrawSmsCode } from './codes'

const sendInput = z.object({
  mobile: mobileSchema,
  scene: z.enum(SMS_SCENES),
  captcha_ticket: optional(text(2048)),
  captcha_randstr: optional(text(128))
})

/** A WeChat client: the request carries the login of a user WeChat vouched for, and needs no human check. */
async function fromWechatUser(app: FastifyInstance, req: FastifyRequest): Promise<boolean> {
  const userId = await optionalUserId(app, req).catch(() => undefined)
  if (!userId) return false
  const [account] = await app.db
    .select({ id: wechatAccounts.id })
    .from(wechatAccounts)
    .where(eq(wechatAccounts.userId, userId))
    .limit(1)
  return account !== undefined
}

export default async function smsModule(app: FastifyInstance): Promise<void> {
  publicRoute(
    app,
    { method: 'POST', path: '/sms.index/send', input: sendInput },
    async ({ input, req }): Promise<SmsSendResponse> => {
      const { sms, captcha } = app.services
      const ip = clientIp(req).slice(0, 64)
      // A ticket is checked when given (Tencent lets each be used once); without one, the limits decide below.
      const ticket = input.captcha_ticket
      if (ticket && !(await captcha.verify(ticket, input.captcha_randstr ?? '', ip, req.log)))
        throw new AppError(MSG_CAPTCHA_FAILED)
      const passed = Boolean(ticket) || (await fromWechatUser(app, req))
      const created = await createSmsCode(
        app.db,
        mobileLookup(app.services.dataCipher, input.mobile),
        input.scene,
        ip,
        app.config.sms,
        {
          after: app.config.captcha.after,
          passed
        }
      ).catch((e: unknown) => {
        // The service-wide cap reached is a flood or a campaign: the operator hears of it from the log.
        if (e instanceof AppError && e.message === MSG_SMS_BUSY)
          req.log.error('SMS: the hourly limit of the whole service was reached')
        throw e
      })
      if ('captcha' in created) return { retry_after: 0, captcha: captcha.client }
      const { id, code } = created
      try {
        await sms.sendCode(input.mobile, code, req.log)
      } catch (e) {
        // A code that never reached the phone must not use up the number's or the IP's limits.
        await withdrawSmsCode(app.db, id)
        throw e
      }
      return sms.echoesCode ? { retry_after: RESEND_SECONDS, debug_code: code } : { retry_after: RESEND_SECONDS }
    }
  )
}
