import type { FastifyInstance } from 'fastify'

import catalogRoutes from './catalog'
import orderRoutes from './orders'

/** Consulting services, major plans and house feng shui: booking a teacher's slot and paying. */
export default async function serviceModule(app: FastifyInstance): Promise<void> {
  await catalogRoutes(app)
  await orderRoutes(app)
}
