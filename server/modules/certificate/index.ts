import type { FastifyInstance } from 'fastify'

import applyRoutes from './apply'
import catalogRoutes from './catalog'

/** Certificates: the catalogue by category, registration with an ID photo and fee, review status. */
export default async function certificateModule(app: FastifyInstance): Promise<void> {
  await catalogRoutes(app)
  await applyRoutes(app)
}
