import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { Pool } from 'pg'

import { fromPool } from '../../server/db/database'
import { runMigrations } from '../../server/db/migrate'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'

/**
 * PostgreSQL stopped under a running server: requests get a clear error (no stack, no SQL) and the
 * server recovers by itself when the database returns. Needs its own throwaway cluster, so it runs
 * where scripts/pg-test.sh provides PostgreSQL's binaries (PG_BIN) and root (as in CI).
 */
const PG_BIN = process.env.PG_BIN
const run = PG_BIN && process.getuid?.() === 0 ? describe : describe.skip

run('PostgreSQL outage', () => {
  const port = 5499
  // Made in beforeAll: a skipped run (no PostgreSQL here) must not leave a folder behind.
  let dataDir: string
  const pg = (...args: string[]) =>
    execFileSync('runuser', ['-u', 'postgres', '--', `${PG_BIN}/pg_ctl`, '-D', dataDir, ...args], { stdio: 'ignore' })
  let ctx: TestContext

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yx-pg-outage-'))
    fs.chownSync(
      dataDir,
      Number(execFileSync('id', ['-u', 'postgres']).toString()),
      Number(execFileSync('id', ['-g', 'postgres']).toString())
    )
    execFileSync(
      'runuser',
      ['-u', 'postgres', '--', `${PG_BIN}/initdb`, '-D', dataDir, '-U', 'postgres', '--auth=trust'],
      { stdio: 'ignore' }
    )
    pg('-l', path.join(dataDir, 'log'), '-w', '-o', `-p ${port} -k /tmp -c listen_addresses=127.0.0.1`, 'start')
    const database = fromPool(new Pool({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres`, max: 3 }))
    await runMigrations(database)
    ctx = await createTestContext({}, database)
  }, 60_000)

  afterAll(async () => {
    await ctx?.close()
    await ctx?.database.close().catch(() => undefined)
    try {
      pg('-m', 'immediate', 'stop')
    } catch {
      // already stopped
    }
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it('answers with a clear message while the database is down and recovers when it is back', async () => {
    // The nav list reads the database on every request (the home screen is cached for a few seconds).
    expect((await call(ctx.app, 'GET', '/api/index/nav')).code).toBe(1)
    const user = await login(ctx.app, '断库用户')

    pg('-m', 'fast', '-w', 'stop')
    const down = await call(ctx.app, 'GET', '/api/index/nav')
    expect(down.code).toBe(0)
    expect(down.msg).toMatch(/数据库|服务器/)
    expect(JSON.stringify(down)).not.toMatch(/ECONNREFUSED|select|at .*\.ts/i)
    // A write and a logged-in read fail the same clear way; the outage must not look like a bad token
    // (-9999 would make the app throw the login away).
    for (const during of [
      await call(ctx.app, 'POST', '/api/index/pageView', { path: '/pages/my/my' }),
      await call(ctx.app, 'GET', '/api/user.user/detail', {}, user.token)
    ]) {
      expect(during.code).toBe(0)
      expect(during.msg).toMatch(/数据库|服务器/)
      expect(JSON.stringify(during)).not.toMatch(/ECONNREFUSED|select|insert|at .*\.ts/i)
    }

    pg('-l', path.join(dataDir, 'log'), '-w', '-o', `-p ${port} -k /tmp -c listen_addresses=127.0.0.1`, 'start')
    let back = down
    for (let i = 0; i < 40 && back.code !== 1; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250))
      back = await call(ctx.app, 'GET', '/api/index/nav')
    }
    expect(back.code).toBe(1)
    expect(back.data.list.length).toBeGreaterThan(0)
    // The login survived the outage.
    expect((await call(ctx.app, 'GET', '/api/user.user/detail', {}, user.token)).code).toBe(1)
  }, 60_000)
})
