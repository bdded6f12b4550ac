import './native-modules'

import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'

import type { FastifyInstance } from 'fastify'

import { buildApp } from '../../../server/app'
import { type Config, loadConfig } from '../../../server/config'
import type { Database } from '../../../server/db/database'
import { loadDemoData } from '../../../server/seed'
import { openTestDatabase } from './test-db'

export interface TestContext {
  app: FastifyInstance
  database: Database
  config: Config
  /** Every log line the app wrote. */
  logs: string[]
  close(): Promise<void>
}

/** One database and app per test file (opening PGlite costs seconds); extra env tunes the config. */
export async function createTestContext(env: Record<string, string> = {}, database?: Database): Promise<TestContext> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yx-test-'))
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    PORT: '3999',
    DIST_DIR: path.join(dataDir, 'no-dist'),
    ADMIN_DIST_DIR: path.join(dataDir, 'no-admin'),
    SMS_IP_HOURLY_LIMIT: '1000',
    // Tests of the send limits ask from one address many times; the human check has tests of its own.
    SMS_CAPTCHA_AFTER: '100000',
    PUBLIC_WRITE_IP_LIMIT: '100000',
    ...env
  })
  // The seeded template already holds the demo content: loading it again finds it decided, as a restart does.
  const db = database ?? (await openTestDatabase('seeded'))
  await loadDemoData(db.db)
  const logs: string[] = []
  const logStream = new Writable({
    write(chunk, _enc, done) {
      logs.push(String(chunk))
      done()
    }
  })
  const app = await buildApp({ database: db, config, logStream })
  await app.ready()
  return {
    app,
    database: db,
    config,
    logs,
    async close() {
      await app.close()
      if (!database) await db.close()
      fs.rmSync(dataDir, { recursive: true, force: true })
    }
  }
}

export interface Envelope<T = any> {
  code: number
  msg: string
  data: T
}

/** Calls the API as the client does: params in the query for GET, in the JSON body for POST. */
export async function call<T = any>(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  params: Record<string, unknown> = {},
  token?: string
): Promise<Envelope<T>> {
  const headers: Record<string, string> = token ? { authorization: token } : {}
  const res =
    method === 'GET'
      ? await app.inject({ method, url, query: params as Record<string, string>, headers })
      : await app.inject({ method, url, payload: params, headers })
  expect(res.statusCode).toBe(200)
  return res.json()
}

/** Picks (openid) or creates (nickname) a user on the simulator's authorize page; returns the OAuth code. */
export async function simulatorOauthCode(
  app: FastifyInstance,
  who: { openid?: string; nickname?: string },
  redirect = new URL('/', app.config.publicUrl).toString()
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/wechat.simulator/authorize',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ redirect_uri: redirect, state: 's', ...who }).toString()
  })
  expect(res.statusCode).toBe(302)
  return new URL(String(res.headers.location)).searchParams.get('code') as string
}

/** Logs in a new simulator user through the H5 OAuth flow, as the app inside WeChat does. */
export async function login(
  app: FastifyInstance,
  nickname: string,
  refereeId?: number
): Promise<{ userId: number; token: string }> {
  const code = await simulatorOauthCode(app, { nickname })
  const res = await call(app, 'POST', '/api/wechat.index/mpLogin', { code, client: 'h5', referee_id: refereeId ?? '' })
  expect(res.code).toBe(1)
  return { userId: res.data.user_id, token: res.data.token }
}
