import { and, eq, lt, or, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'

import type { Executor } from '../db/database'
import { rateLimits } from '../db/schema'
import { AppError } from './envelope'
import { clientIp } from './request-params'
import { scheduleSweep } from './sweep'

const WINDOW_MS = 60_000
/** The longest window a count may use: the sweep keeps such windows twice as long, and clears shorter ones sooner. */
export const LONGEST_WINDOW_MS = 3_600_000
export const MSG_TOO_FREQUENT = '操作过于频繁，请稍后再试'

/** Buckets of windows longer than a minute are named after their length (`15m:`), so the sweep knows to keep them. */
const bucketOf = (name: string, windowMs: number) =>
  (windowMs === WINDOW_MS ? name : `${Math.round(windowMs / 60_000)}m:${name}`).slice(0, 128)
const windowStartOf = (windowMs: number, now: number) => new Date(Math.floor(now / windowMs) * windowMs)

const currentWindow = (name: string, windowMs: number, now: number) =>
  and(eq(rateLimits.bucket, bucketOf(name, windowMs)), eq(rateLimits.windowStart, windowStartOf(windowMs, now)))

export interface Hit {
  /** Hits in the current window, this one included. */
  hits: number
  /** Until the window ends and the count starts again. */
  resetsInMs: number
}

/**
 * Counts one hit of `name` in the current window of `windowMs` (at most LONGEST_WINDOW_MS) and returns the window's
 * count. One statement (insert, or add one on conflict) counts and reads atomically, in the database, so every
 * server process and every concurrent request sees the same figure: of N requests at once, exactly the first `max`
 * read a count within `max`.
 */
export async function countHit(db: Executor, name: string, windowMs = WINDOW_MS, now = Date.now()): Promise<Hit> {
  const windowStart = windowStartOf(windowMs, now)
  const [row] = await db
    .insert(rateLimits)
    .values({ bucket: bucketOf(name, windowMs), windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.bucket, rateLimits.windowStart],
      set: { hits: sql`${rateLimits.hits} + 1` }
    })
    .returning({ hits: rateLimits.hits })
  return { hits: row.hits, resetsInMs: windowStart.getTime() + windowMs - now }
}

/** Gives one hit back (an attempt that turned out fine must not count towards a lockout). */
export async function takeBackHit(db: Executor, name: string, windowMs = WINDOW_MS, now = Date.now()): Promise<void> {
  await db
    .update(rateLimits)
    .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
    .where(currentWindow(name, windowMs, now))
}

/** Starts the current window's count of `name` over. */
export async function forgetHits(db: Executor, name: string, windowMs = WINDOW_MS, now = Date.now()): Promise<void> {
  await db.delete(rateLimits).where(currentWindow(name, windowMs, now))
}

/** Counts one request of `limit` from this address in the current minute and tells whether it is within `max`. */
export async function withinIpLimit(db: Executor, req: FastifyRequest, limit: string, max: number): Promise<boolean> {
  return (await countHit(db, `${limit}:${clientIp(req)}`)).hits <= max
}

/** Refuses the request with a message the user understands once this address has used up `limit` this minute. */
export async function limitIp(app: FastifyInstance, req: FastifyRequest, limit: string): Promise<void> {
  if (!(await withinIpLimit(app.db, req, limit, app.config.publicWriteIpLimit))) throw new AppError(MSG_TOO_FREQUENT)
}

/** Old windows are only history: cleared every hour (minute windows after two minutes, longer ones after two hours). */
export function scheduleRateLimitSweep(app: FastifyInstance): void {
  scheduleSweep(app, 'rate limits: clearing past windows', 3_600_000, () => {
    const now = Date.now()
    return app.db
      .delete(rateLimits)
      .where(
        or(
          lt(rateLimits.windowStart, new Date(now - 2 * LONGEST_WINDOW_MS)),
          and(lt(rateLimits.windowStart, new Date(now - 2 * WINDOW_MS)), sql`${rateLimits.bucket} !~ '^[0-9]+m:'`)
        )
      )
  })
}
