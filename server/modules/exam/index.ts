import type { FastifyInstance } from 'fastify'

import attemptRoutes from './attempts'
import paperRoutes from './papers'
import practiceRoutes from './practice'

/** Exams (timed papers scored on the server, rankings) and the practice quiz. */
export default async function examModule(app: FastifyInstance): Promise<void> {
  await paperRoutes(app)
  await attemptRoutes(app)
  await practiceRoutes(app)
}
