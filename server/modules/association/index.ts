import type { FastifyInstance } from 'fastify'

import applyRoutes from './apply'
import infoRoutes from './info'

/** The association: its introduction, membership benefits, applications, dues and the member card. */
export default async function associationModule(app: FastifyInstance): Promise<void> {
  await infoRoutes(app)
  await applyRoutes(app)
}
