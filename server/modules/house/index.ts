import type { FastifyInstance } from 'fastify'

import divinationRoutes from './divination'
import planRoutes from './plans'

/** Domain `house`: saved house analyses (立极 plan, facing, period, owner) and the 六爻 history. */
export default async function houseModule(app: FastifyInstance): Promise<void> {
  await planRoutes(app)
  await divinationRoutes(app)
}
