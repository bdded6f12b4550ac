import type { FastifyBaseLogger } from 'fastify'
import PgBoss from 'pg-boss'

import type { Database } from '../db/database'

/**
 * Background work as jobs in the database (pg-boss): every process offers to run each periodic job,
 * the database hands each round to exactly one of them (SKIP LOCKED), a failed round is retried with
 * backoff, and a round whose process died is retried once its time is up. The embedded database runs
 * the very same queue in its one process (the data folder lock allows no second one).
 */
export interface Jobs {
  /** Runs `run` about every `intervalMs`, once across all processes; the first round when the server is ready. */
  every(what: string, intervalMs: number, run: () => Promise<unknown>): void
  start(): Promise<void>
  stop(): Promise<void>
}

/** pg-boss keeps its tables in their own schema, created and upgraded by `installJobQueue`. */
export const JOBS_SCHEMA = 'pgboss'

/**
 * Creates or upgrades pg-boss's tables. Run with the migrations, where processes starting together take turns:
 * pg-boss's own install, run by two processes at once on a fresh database, can fail in one of them with a
 * duplicate pg_namespace key instead of the "already exists" it tolerates.
 */
export async function installJobQueue(executeSql: Database['executeSql']): Promise<void> {
  const boss = new PgBoss({ db: { executeSql }, schema: JOBS_SCHEMA, schedule: false, supervise: false })
  await boss.start()
  await boss.stop({ graceful: false, wait: true })
}

const RETRY_DELAY_S = 5
const MAX_EXPIRY_S = 23 * 3600

/** How often a worker looks for rounds no offer announced: half the job's interval, between 2 s and a minute. */
function pollSeconds(intervalSeconds: number): number {
  return Math.min(60, Math.max(2, Math.round(intervalSeconds / 2)))
}

interface Periodic {
  queue: string
  what: string
  intervalMs: number
  run: () => Promise<unknown>
}

/**
 * A queue name from a job's description: `shop: cancelling overdue orders` -> `every.shop-cancelling-overdue-orders`.
 */
export function queueName(what: string): string {
  return (
    'every.' +
    what
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
  )
}

/**
 * pg-boss creates a queue idempotently, but processes creating the same queues at the same moment can
 * deadlock in PostgreSQL (seen starting a cluster): the loser simply tries again.
 */
async function creatingQueue(create: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await create()
    } catch (err) {
      const code = (err as { code?: string }).code
      if (attempt >= 5 || (code !== '40P01' && code !== '23505')) throw err
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt))
    }
  }
}

export function pgBossJobs(database: Database, log: FastifyBaseLogger): Jobs {
  const periodic: Periodic[] = []
  const timers: NodeJS.Timeout[] = []
  let boss: PgBoss | undefined
  let starting: Promise<void> | undefined
  // pg-boss's graceful stop waits only for workers holding jobs: a worker whose fetch is still in
  // flight gets its job afterwards, runs it and completes it. So the queue's own queries and rounds
  // are counted, stop waits for both to reach zero, and after that the queue touches nothing.
  let busy = 0
  let stopped = false
  const counted = async <T>(work: () => Promise<T>): Promise<T> => {
    busy++
    try {
      return await work()
    } finally {
      busy--
    }
  }

  /**
   * One job per time slot of the interval: the unique slot index makes every other process's offer a no-op.
   * This process's worker is then woken to take it (or another process's round of the same slot) at once.
   */
  const offer = (p: Periodic, worker: string) =>
    boss!
      .send(p.queue, {}, { singletonKey: 'round', singletonSeconds: Math.max(1, Math.round(p.intervalMs / 1000)) })
      .then(() => boss!.notifyWorker(worker))
      .catch((err: unknown) => {
        log.error({ err }, `${p.what}: scheduling failed`)
      })

  return {
    every(what, intervalMs, run) {
      if (boss) throw new Error('jobs are declared before the server starts')
      const queue = queueName(what)
      if (periodic.some((p) => p.queue === queue)) throw new Error(`two periodic jobs named ${queue}`)
      periodic.push({ queue, what, intervalMs, run })
    },

    start() {
      starting ??= startQueue()
      return starting
    },

    async stop() {
      // A stop that comes while the queue is still starting waits for it, so no worker is left
      // polling a database that is about to close.
      await starting?.catch(() => undefined)
      timers.forEach(clearInterval)
      // A round in progress finishes (or is retried by another process once it expires).
      await boss?.stop({ graceful: true, wait: true, timeout: 10_000 })
      const deadline = Date.now() + 10_000
      // Twice idle in a row: a fetch that just returned starts its round on the next tick.
      for (let quiet = 0; quiet < 2 && Date.now() < deadline;) {
        quiet = busy === 0 ? quiet + 1 : 0
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      stopped = true
    }
  }

  async function startQueue(): Promise<void> {
    if (!periodic.length) return
    boss = new PgBoss({
      db: {
        executeSql: (text, values) => {
          if (stopped) return Promise.reject(new Error('the job queue is stopped'))
          return counted(() => database.executeSql(text, values))
        }
      },
      schema: JOBS_SCHEMA,
      // No cron: each process offers rounds itself (below), so intervals need not be whole minutes.
      schedule: false,
      // Finds rounds whose process died (past expireInSeconds) and retries them.
      supervise: true,
      maintenanceIntervalSeconds: 60
    })
    boss.on('error', (err) => {
      if (!stopped) log.error({ err }, 'job queue error')
    })
    await boss.start()
    for (const p of periodic) {
      const seconds = Math.max(1, Math.round(p.intervalMs / 1000))
      await creatingQueue(() =>
        boss!.createQueue(p.queue, {
          name: p.queue,
          retryLimit: 3,
          retryDelay: RETRY_DELAY_S,
          retryBackoff: true,
          // A round still running after this is taken for lost (its process crashed) and run again; pg-boss
          // refuses a day or more (a daily job's round is taken for lost after 23 hours, not two days).
          expireInSeconds: Math.min(MAX_EXPIRY_S, Math.max(60, seconds * 2)),
          retentionMinutes: 60
        })
      )
      // Woken by each offer, a worker polls only to find what no offer announces here: a failed round
      // coming due again, a lost round put back by the supervisor. Polling every 2 seconds, pg-boss's
      // default, had an idle server query its database several times a second (docs/scaling.md).
      // Declared first: a round that fails names its worker, possibly before work() has returned it.
      let worker = ''
      worker = await boss.work(p.queue, { pollingIntervalSeconds: pollSeconds(seconds) }, () =>
        counted(async () => {
          try {
            await p.run()
          } catch (err) {
            log.error({ err }, `${p.what} failed`)
            // The first retry is due RETRY_DELAY_S to twice that later (pg-boss's backoff with jitter).
            // (Harmless once stopped: a stopped worker no longer fetches.)
            setTimeout(() => boss?.notifyWorker(worker), 2 * RETRY_DELAY_S * 1000 + 500).unref()
            throw err
          }
        })
      )
      await offer(p, worker)
      // Offered twice per slot, so timer drift never leaves a slot without a round.
      const timer = setInterval(() => void offer(p, worker), Math.max(500, p.intervalMs / 2))
      timer.unref()
      timers.push(timer)
    }
  }
}
