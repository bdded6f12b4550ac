import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type { SmsSendResponse } from '../../../contract'
import { clientIp } from '../../core/request-params'
import { publicRoute } from '../../core/route'
import { mobileSchema } from '../../core/validate'
import { createSmsCode, RESEND_SECONDS, SMS_SCENES, withdrawSmsCode } from './codes'

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
      )
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
