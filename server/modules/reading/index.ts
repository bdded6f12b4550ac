import type { FastifyInstance } from 'fastify'

import reportRoutes from './report/routes'
import readingRoutes from './routes'

/** Domain `reading`: what a chart means — the free reading and the paid report (rules text, or AI from its facts). */
export default async function readingModule(app: FastifyInstance): Promise<void> {
  await readingRoutes(app)
  await reportRoutes(app)
}
