import './helpers/native-modules'

import type { FastifyBaseLogger } from 'fastify'
import pino from 'pino'

import { type Jobs, JOBS_SCHEMA, pgBossJobs, queueName } from '../../server/core/jobs'
import type { Database } from '../../server/db/database'
import { openTestDatabase } from './helpers/test-db'

/** Periodic jobs through the database queue: the same code on PGlite and (TEST_DATABASE_URL) PostgreSQL. */
let database: Database
const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger
const started: Jobs[] = []
beforeAll(async () => {
  database = await openTestDatabase()
}, 60_000)
afterAll(async () => {
  for (const jobs of started) await jobs.stop()
  await database.close()
})

const until = async (check: () => boolean | Promise<boolean>, ms = 20_000) => {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 100)))
    if (await check()) return
  throw new Error('timed out')
}
const rounds = async (what: string) =>
  (await database.executeSql(`select state from ${JOBS_SCHEMA}.job where name = $1`, [queueName(what)])).rows.map(
    (r) => r.state as string
  )

test('two processes offering the same periodic job run it once per round', async () => {
  let runs = 0
  for (let i = 0; i < 2; i++) {
    const jobs = pgBossJobs(database, log)
    jobs.every('test: once per round', 60_000, async () => {
      runs++
    })
    started.push(jobs)
  }
  // Started one after the other: PGlite reports a concurrent first install differently from PostgreSQL.
  for (const jobs of started) await jobs.start()
  await until(async () => (await rounds('test: once per round')).includes('completed'))
  // Both kept polling and offering for a while: still one round.
  await new Promise((r) => setTimeout(r, 2500))
  expect(runs).toBe(1)
  expect(await rounds('test: once per round')).toEqual(['completed'])
}, 30_000)

test('a round that fails is retried', async () => {
  const jobs = pgBossJobs(database, log)
  let attempts = 0
  jobs.every('test: flaky', 60_000, async () => {
    if (++attempts === 1) throw new Error('database hiccup')
  })
  started.push(jobs)
  await jobs.start()
  await until(async () => (await rounds('test: flaky')).includes('completed'), 60_000)
  expect(attempts).toBe(2)
}, 70_000)

test('an idle queue leaves the database alone, yet runs each round as soon as it is offered', async () => {
  let fetches = 0
  const counting: Database = {
    ...database,
    executeSql(text, values) {
      if (/with next as/i.test(text)) fetches++
      return database.executeSql(text, values)
    }
  }
  const jobs = pgBossJobs(counting, log)
  const ran: string[] = []
  for (const name of ['test: idle a', 'test: idle b', 'test: idle c', 'test: idle d'])
    jobs.every(name, 60_000, async () => void ran.push(name))
  started.push(jobs)
  const t0 = Date.now()
  await jobs.start()
  await until(() => ran.length === 4)
  expect(Date.now() - t0).toBeLessThan(10_000)
  await new Promise((r) => setTimeout(r, 1000))
  // Polling every 2 s, as pg-boss does by default, four queues would fetch about 8 times in 4 s.
  const before = fetches
  await new Promise((r) => setTimeout(r, 4000))
  expect(fetches - before).toBe(0)
}, 30_000)

test('names are checked when the job is declared', () => {
  const jobs = pgBossJobs(database, log)
  jobs.every('a: b', 1000, async () => undefined)
  expect(() => jobs.every('A  b', 1000, async () => undefined)).toThrow(/two periodic jobs/)
  expect(queueName('shop: cancelling overdue orders')).toBe('every.shop-cancelling-overdue-orders')
})

test('stopping while a worker is fetching waits for the round it fetches, and then touches nothing', async () => {
  // pg-boss counts only workers already holding a job; a fetch in flight at stop used to hand its
  // job to a worker after stop had returned, which then wrote to a closed database.
  let stopping: Promise<void> | undefined
  let stoppedAt = 0
  const late: string[] = []
  const slow: Database = {
    ...database,
    async executeSql(text, values) {
      if (stoppedAt) late.push(text.trim().slice(0, 60))
      const result = await database.executeSql(text, values)
      if (/with next as/i.test(text) && result.rows.length && !stopping) {
        // The job is taken; the stop arrives before the worker has it in hand.
        stopping = jobs.stop().then(() => void (stoppedAt = Date.now()))
        await new Promise((r) => setTimeout(r, 400))
      }
      return result
    }
  }
  const jobs = pgBossJobs(slow, log)
  let ran = 0
  jobs.every('test: stop mid fetch', 60_000, async () => {
    ran++
  })
  await jobs.start()
  await until(() => stopping !== undefined)
  await stopping
  await new Promise((r) => setTimeout(r, 1000))
  expect(late).toEqual([])
  expect(ran).toBe(1)
  expect(await rounds('test: stop mid fetch')).toEqual(['completed'])
}, 30_000)
