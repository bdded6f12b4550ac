import crypto from 'node:crypto'

import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type { RegionTreeResponse } from '../../../contract'
import { publicRoute } from '../../core/route'
import { REGIONS } from '../../data/regions'

export default async function regionRoutes(app: FastifyInstance): Promise<void> {
  const answer: RegionTreeResponse = {
    list: REGIONS,
    version: crypto.createHash('sha1').update(JSON.stringify(REGIONS)).digest('hex').slice(0, 12)
  }
  publicRoute(app, { method: 'GET', path: '/region.region/tree', input: z.object({}) }, async () => answer)
}
