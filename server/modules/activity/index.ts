import type { FastifyInstance } from 'fastify'

import catalogRoutes from './catalog'
import signupRoutes from './signup'

/** Activities: the list and detail, sign-up with capacity and deadline, fees, my sign-ups. */
export default async function activityModule(app: FastifyInstance): Promise<void> {
  await catalogRoutes(app)
  await signupRoutes(app)
}
