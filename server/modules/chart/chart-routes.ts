import { asc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type { BaziBookResponse, BaziInfoResponse, BaziTipsResponse, QmdjPanResponse } from '../../../contract'
import { MetaphysicsError } from '../../../src/metaphysics/errors'
import { qimenChart } from '../../../src/metaphysics/qimen'
import { AppError } from '../../core/envelope'
import { publicRoute } from '../../core/route'
import { optional } from '../../core/validate'
import { baziTips } from '../../db/schema'
import { chartSourceSchema, pillarsOf } from './birth'
import { passagesFor } from './books'
import { resolveChart } from './chart-source'
import { beijingNow } from './clock'

const qimenInput = z.object({
  date: optional(
    z
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/)
  ),
  method: optional(z.enum(['chaibu', 'zhirun']))
})

/** The server's charts (the same engine as the app) and what goes with them. */
export default async function chartRoutes(app: FastifyInstance): Promise<void> {
  publicRoute(
    app,
    { method: 'POST', path: '/tools.index/getBaZiInfo', input: chartSourceSchema },
    async ({ input, req }): Promise<BaziInfoResponse> => {
      const { name, birth, chart } = await resolveChart(app, input, { req })
      return { name, birth, pillars: pillarsOf(chart), da_yun: chart.daYun, chart }
    }
  )

  publicRoute(
    app,
    { method: 'GET', path: '/tools.index/getBaziTips', input: z.object({}) },
    async (): Promise<BaziTipsResponse> => {
      const rows = await app.db
        .select({ id: baziTips.id, content: baziTips.content })
        .from(baziTips)
        .where(eq(baziTips.visible, true))
        .orderBy(asc(baziTips.sort), asc(baziTips.id))
      return { list: rows }
    }
  )

  publicRoute(
    app,
    { method: 'POST', path: '/tools.index/getBaziBookInfo', input: chartSourceSchema },
    async ({ input, req }): Promise<BaziBookResponse> => {
      const { chart } = await resolveChart(app, input, { req })
      return {
        pillars: pillarsOf(chart),
        day_master: chart.dayMaster.gan,
        month_branch: chart.pillars.month.zhi,
        list: passagesFor(chart)
      }
    }
  )

  publicRoute(
    app,
    { method: 'POST', path: '/tools.index/getQmdjPan', input: qimenInput },
    async ({ input }): Promise<QmdjPanResponse> => {
      try {
        return qimenChart({ date: input.date ?? beijingNow(), method: input.method ?? 'chaibu' })
      } catch (e) {
        if (e instanceof MetaphysicsError) throw new AppError(`起局时间有误: ${e.message}`)
        throw e
      }
    }
  )
}
