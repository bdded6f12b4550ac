import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type { SmsSendResponse } from '../../../contract'
import { AppError } from '../../core/envelope'
import { clientIp } from '../../core/request-params'
import { publicRoute } from '../../core/route'
import { mobileSchema } from '../../core/validate'
import { createSmsCode, MSG_SMS_BUSY, RESEND_SECONDS, SMS_SCENES, withdrawSmsCode } from './codes'

const sendInput = z.object({ mobile: mobileSchema, scene: z.enum(SMS_SCENES) })

export default async function smsModule(app: FastifyInstance): Promise<void> {
  publicRoute(
    app,
    { method: 'POST', path: '/sms.index/send', input: sendInput },
    async ({ input, req }): Promise<SmsSendResponse> => {
      const { sms } = app.services
      const { id, code } = await createSmsCode(
        app.db,
        input.mobile,
        input.scene,
        clientIp(req).slice(0, 64),
        app.config.sms
      ).catch((e: unknown) => {
        // The service-wide cap reached is a flood or a campaign: the operator hears of it from the log.
        if (e instanceof AppError && e.message === MSG_SMS_BUSY)
          req.log.error('SMS: the hourly limit of the whole service was reached')
        throw e
      })
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
