import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { z } from 'zod'

import type { BaziBirth } from '../../../contract'
import type { BaziChart } from '../../../src/metaphysics/bazi'
import { AppError, Code, MSG_LOGIN_REQUIRED } from '../../core/envelope'
import { optionalUserId } from '../../core/route'
import { chartOf, type chartSourceSchema, normalizeBirth } from './birth'
import { birthOfRow, ownRecord } from './record-store'

export interface ResolvedChart {
  name: string
  recordId?: number
  birth: BaziBirth
  chart: BaziChart
}

/** The chart of a request's source: a raw birth (anyone) or a saved record (its owner only). */
export async function resolveChart(
  app: FastifyInstance,
  source: z.output<typeof chartSourceSchema>,
  who: { req: FastifyRequest } | { userId: number }
): Promise<ResolvedChart> {
  if (source.record_id !== undefined) {
    const userId = 'userId' in who ? who.userId : await optionalUserId(app, who.req)
    if (!userId) throw new AppError(MSG_LOGIN_REQUIRED, Code.INVALID_TOKEN)
    const row = await ownRecord(app.db, userId, source.record_id)
    const birth = birthOfRow(row)
    return { name: row.name, recordId: row.id, birth, chart: chartOf(birth) }
  }
  const birth = normalizeBirth(source.birth!)
  return { name: '', birth, chart: chartOf(birth) }
}
