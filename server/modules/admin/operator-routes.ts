import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import { AppError } from '../../core/envelope'
import { idParam, intParam, optional } from '../../core/validate'
import { ADMIN_ROLES } from '../../db/schema'
import { passwordSchema } from './auth-routes'
import {
  createOperator,
  listOperators,
  operatorView,
  resetPassword,
  revokeOperatorSessions,
  teacherLinkOf,
  updateOperator
} from './operators'
import { adminRoute, boolParam } from './route'

const role = z.enum(ADMIN_ROLES)

export default async function operatorRoutes(app: FastifyInstance): Promise<void> {
  const owner = {
    permission: 'operator.manage' as const,
    labels: { role: '角色', teacher_id: '关联老师', disabled: '停用' }
  }

  adminRoute(app, { method: 'GET', path: '/operator/lists', input: z.object({}), ...owner }, async () => ({
    list: await listOperators(app.db)
  }))

  adminRoute(
    app,
    {
      method: 'POST',
      path: '/operator/add',
      input: z.object({
        username: z
          .string()
          .trim()
          .regex(/^[A-Za-z0-9_]{3,32}$/, '用户名须为 3-32 位字母、数字或下划线'),
        password: passwordSchema,
        role,
        teacher_id: optional(idParam())
      }),
      ...owner
    },
    async ({ input, audit }) => {
      const teacher = await teacherLinkOf(app.db, input.role, input.teacher_id)
      const row = await createOperator(app.db, { ...input, teacherId: teacher.id })
      const view = operatorView(row, teacher.name)
      await audit({ action: 'operator.add', targetType: 'operator', targetId: row.id, after: view })
      return view
    }
  )

  adminRoute(
    app,
    {
      method: 'POST',
      path: '/operator/edit',
      input: z.object({
        operator_id: idParam(),
        version: intParam(1, 2_147_483_647),
        role: optional(role),
        teacher_id: optional(idParam()),
        disabled: optional(boolParam)
      }),
      ...owner
    },
    async ({ input, operator, audit }) => {
      if (input.operator_id === operator.id && (input.disabled || (input.role && input.role !== 'owner')))
        throw new AppError('不能停用自己或取消自己的店主角色')
      // A role change (or a new teacher for a 老师) sets the link; a change of the disabled flag alone keeps it.
      const teacher = input.role ? await teacherLinkOf(app.db, input.role, input.teacher_id) : undefined
      const { before, after } = await updateOperator(app.db, input.operator_id, input.version, {
        role: input.role,
        teacherId: teacher?.id,
        disabled: input.disabled
      })
      await audit({
        action: 'operator.edit',
        targetType: 'operator',
        targetId: after.id,
        before: operatorView(before),
        after: operatorView(after, teacher?.name)
      })
      return operatorView(after, teacher?.name)
    }
  )

  adminRoute(
    app,
    {
      method: 'POST',
      path: '/operator/resetPassword',
      input: z.object({ operator_id: idParam(), version: intParam(1, 2_147_483_647) }),
      ...owner
    },
    async ({ input, audit }) => {
      const { operator, password } = await resetPassword(app.db, input.operator_id, input.version)
      await audit({ action: 'operator.resetPassword', targetType: 'operator', targetId: operator.id })
      return { password }
    }
  )

  adminRoute(
    app,
    { method: 'POST', path: '/operator/revokeSessions', input: z.object({ operator_id: idParam() }), ...owner },
    async ({ input, audit }) => {
      const operator = await revokeOperatorSessions(app.db, input.operator_id)
      await audit({ action: 'operator.revokeSessions', targetType: 'operator', targetId: operator.id })
      return {}
    }
  )
}
