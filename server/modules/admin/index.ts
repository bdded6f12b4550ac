import fastifyCookie from '@fastify/cookie'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import { dashboard } from './dashboard'
import { adminRoute } from './route'

/** The operator console's API under /api/admin: its own cookie sessions, roles and audit log (see ./route.ts). */
export default async function adminModule(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCookie)
  await app.register(
    async (admin) => {
      await admin.register(import('./auth-routes'))
      await admin.register(import('./operator-routes'))
      await admin.register(import('./audit-routes'))
      await admin.register(import('./order-routes'))
      await admin.register(import('./order-center'))
      await admin.register(import('./reconciliation'))
      await admin.register(import('./refund-routes'))
      await admin.register(import('./withdrawal-routes'))
      await admin.register(import('./user-routes'))
      await admin.register(import('./wallet-routes'))
      await admin.register(import('./settings-routes'))
      await admin.register(import('./tool-product-routes'))
      await admin.register(import('./home-routes'))
      await admin.register(import('./channel-routes'))
      await admin.register(import('./notify-routes'))
      await admin.register(import('./review-routes'))
      await admin.register(import('./goods-routes'))
      await admin.register(import('./coupon-routes'))
      await admin.register(import('./freight-routes'))
      await admin.register(import('./course-routes'))
      await admin.register(import('./course-video'))
      await admin.register(import('./learner-routes'))
      await admin.register(import('./offline-routes'))
      await admin.register(import('./exam-routes'))
      await admin.register(import('./service-routes'))
      await admin.register(import('./teacher-routes'))
      await admin.register(import('./article-routes'))
      await admin.register(import('./certificate-type-routes'))
      await admin.register(import('./activity-routes'))
      await admin.register(import('./application-routes'))
      await admin.register(import('./signup-routes'))
      await admin.register(import('./notice-routes'))
      adminRoute(
        admin,
        { method: 'GET', path: '/dashboard/overview', input: z.object({}), permission: 'dashboard.view' },
        () => dashboard(admin.db)
      )
    },
    { prefix: '/admin' }
  )
}
