import type { FastifyInstance } from 'fastify'

import chartRoutes from './chart-routes'
import readingRoutes from './reading/routes'
import recordRoutes from './records'
import reportRoutes from './report/routes'

/** Domain `tools`: bazi records, the server's charts, classic passages, the reading and the paid report. */
export default async function toolsModule(app: FastifyInstance): Promise<void> {
  await recordRoutes(app)
  await chartRoutes(app)
  await readingRoutes(app)
  await reportRoutes(app)
}
