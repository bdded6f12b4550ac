import type { FastifyInstance, FastifyReply } from 'fastify'
import { z } from 'zod'

import type { AdminMe } from '../../../contract/admin'
import { AppError, ok } from '../../core/envelope'
import { parseInput, text } from '../../core/validate'
import { changeOwnPassword } from './operators'
import { newPasswordSchema, PASSWORD_MAX } from './password-policy'
import { permissionsOf, ROLE_NAMES } from './permissions'
import { adminRoute } from './route'
import { login, type Operator, revokeSession, SESSION_COOKIE } from './sessions'

/** A password an operator chooses (a new account's, a changed one): password-policy.ts says what is refused. */
export const passwordSchema = newPasswordSchema

function me(operator: Operator, csrf: string): AdminMe {
  return {
    operator_id: operator.id,
    username: operator.username,
    role: operator.role,
    role_name: ROLE_NAMES[operator.role],
    permissions: permissionsOf(operator.role),
    csrf_token: csrf
  }
}

function setSessionCookie(app: FastifyInstance, reply: FastifyReply, token: string, maxAge?: number) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/api/admin',
    httpOnly: true,
    sameSite: 'strict',
    secure: app.config.publicUrl.startsWith('https://'),
    ...(maxAge === undefined ? {} : { maxAge })
  })
}

const loginInput = z.object({ username: text(32, 1), password: z.string().min(1).max(PASSWORD_MAX) })

export default async function authRoutes(app: FastifyInstance): Promise<void> {
  // The one console write without a session: SameSite=Strict keeps other sites' forms from riding it.
  app.post('/auth/login', async (req, reply) => {
    const input = parseInput(loginInput, req.body)
    const { operator, token, csrf } = await login(app.db, input.username, input.password, req.ip)
    setSessionCookie(app, reply, token)
    req.log.info({ operator: operator.username }, 'console login')
    return ok(me(operator, csrf))
  })

  adminRoute(app, { method: 'GET', path: '/auth/me', input: z.object({}) }, async ({ operator, csrf }) =>
    me(operator, csrf)
  )

  adminRoute(app, { method: 'POST', path: '/auth/logout', input: z.object({}) }, async ({ sessionId, reply }) => {
    await revokeSession(app.db, sessionId)
    setSessionCookie(app, reply, '', 0)
    return {}
  })

  adminRoute(
    app,
    {
      method: 'POST',
      path: '/auth/password',
      input: z.object({ old_password: z.string().min(1).max(PASSWORD_MAX), new_password: passwordSchema })
    },
    async ({ operator, sessionId, input, audit }) => {
      if (!/[A-Za-z]/.test(input.new_password) || !/\d/.test(input.new_password))
        throw new AppError('新密码需同时包含字母和数字')
      await changeOwnPassword(app.db, operator, sessionId, input.old_password, input.new_password)
      await audit({ action: 'operator.password', targetType: 'operator', targetId: operator.id })
      return {}
    }
  )
}
