import { lt, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'

import type { Executor } from '../db/database'
import { rateLimits } from '../db/schema'
import { AppError } from './envelope'
import { clientIp } from './request-params'
import { scheduleSweep } from './sweep'

const WINDOW_MS = 60_000
export const MSG_TOO_FREQUENT = '操作过于频繁，请稍后再试'

/**
 * Counts one request of `limit` from this address in the current minute and tells whether it is
 * within `max`. One statement (insert, or add one on conflict) counts and reads atomically, in the
 * database, so every server process and every concurrent request sees the same figure.
 */
export async function withinIpLimit(db: Executor, req: FastifyRequest, limit: string, max: number): Promise<boolean> {
  const windowStart = new Date(Math.floor(Date.now() / WINDOW_MS) * WINDOW_MS)
  const [row] = await db
    .insert(rateLimits)
    .values({ bucket: `${limit}:${clientIp(req)}`.slice(0, 128), windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.bucket, rateLimits.windowStart],
      set: { hits: sql`${rateLimits.hits} + 1` }
    })
    .returning({ hits: rateLimits.hits })
  return row.hits <= max
}

/** Refuses the request with a message the user understands once this address has used up `limit` this minute. */
export async function limitIp(app: FastifyInstance, req: FastifyRequest, limit: string): Promise<void> {
  if (!(await withinIpLimit(app.db, req, limit, app.config.publicWriteIpLimit))) throw new AppError(MSG_TOO_FREQUENT)
}

/** Old windows are only history: cleared every hour. */
export function scheduleRateLimitSweep(app: FastifyInstance): void {
  scheduleSweep(app, 'rate limits: clearing past windows', 3_600_000, () =>
    app.db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(Date.now() - 2 * WINDOW_MS)))
  )
}
