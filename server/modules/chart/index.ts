import type { FastifyInstance } from 'fastify'

import chartRoutes from './chart-routes'
import recordRoutes from './records'

/**
 * Domain `chart`: the births users save (bazi records), the server's bazi and qimen charts and the classic
 * passages beside them. Their API paths are the spec's `tools.index/*` (docs/spec.md §7).
 */
export default async function chartModule(app: FastifyInstance): Promise<void> {
  await recordRoutes(app)
  await chartRoutes(app)
}
