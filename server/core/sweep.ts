import type { FastifyInstance } from 'fastify'

/**
 * Background upkeep of a module (overdue orders, expired reservations, commission coming due): run
 * once when the server is ready, then every `intervalMs` until it closes. A failure is logged and the
 * next round tries again; the timer never keeps the process alive.
 */
export function scheduleSweep(app: FastifyInstance, what: string, intervalMs: number, sweep: () => Promise<unknown>): void {
  const run = () =>
    sweep().catch((err: unknown) => {
      app.log.error({ err }, `${what} failed`)
    })
  let timer: NodeJS.Timeout | undefined
  app.addHook('onReady', async () => {
    await run()
    timer = setInterval(() => void run(), intervalMs)
    timer.unref()
  })
  app.addHook('onClose', async () => clearInterval(timer))
}
