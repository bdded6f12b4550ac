import type { FastifyInstance } from 'fastify'

/**
 * Background upkeep of a module (overdue orders, expired reservations, commission coming due): a
 * periodic job (core/jobs.ts) that runs when the server is ready and then every `intervalMs`, once
 * across all server processes. A failure is logged and retried; the next round runs regardless.
 */
export function scheduleSweep(
  app: FastifyInstance,
  what: string,
  intervalMs: number,
  sweep: () => Promise<unknown>
): void {
  app.jobs.every(what, intervalMs, sweep)
}
