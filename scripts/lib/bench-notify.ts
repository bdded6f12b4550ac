import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'

import { eq, sql } from 'drizzle-orm'

import { buildApp } from '../../server/app'
import { loadConfig } from '../../server/config'
import { openDatabase } from '../../server/db/database'
import { runMigrations } from '../../server/db/migrate'
import { notificationDeliveries, users } from '../../server/db/schema'

const RECIPIENTS = 10_000
const MP_APP_ID = 'wxbenchmp00000001'

/** WeChat as far as the 订阅消息 needs it: an access token and a send that takes every message (after a phone's delay). */
function fakeWechat(delayMs: number): Promise<{ url: string; received: () => number; close: () => Promise<void> }> {
  let received = 0
  const server = http.createServer((req, res) => {
    const answer = (body: object) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    if (req.url?.startsWith('/cgi-bin/token')) return answer({ access_token: 'bench-token', expires_in: 7200 })
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      const msg = JSON.parse(body || '{}') as { touser?: string; data?: object }
      if (!msg.touser || !msg.data) return answer({ errcode: 47001, errmsg: 'data format error' })
      received++
      setTimeout(() => answer({ errcode: 0, errmsg: 'ok' }), delayMs)
    })
  })
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        received: () => received,
        close: () => new Promise((done) => server.close(() => done()))
      })
    )
  )
}

/**
 * One event (a live class starting) told to 10,000 learners of the mini-program, each holding a
 * subscription: the time to write the 10,000 messages and deliveries in the event's transaction, then
 * how fast one server process sends them through the real 订阅消息 driver to a local fake of WeChat that
 * answers each call after 20 ms.
 */
export async function benchNotifyFanout(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yx-bench-notify-'))
  const database = await openDatabase({ dataDir })
  const wechat = await fakeWechat(20)
  try {
    await runMigrations(database)
    const db = database.db
    await db.execute(sql`
      insert into users (nickname) select '学员' || g from generate_series(1, ${RECIPIENTS}) g`)
    await db.execute(sql`
      insert into wechat_accounts (user_id, app_id, openid)
      select id, ${MP_APP_ID}, 'o_bench_' || id from users`)
    await db.execute(sql`
      insert into notification_templates (event, channel, template_id, fields)
      values ('live.starting', 'subscribe', 'TPL-BENCH', '{"thing1":"course","thing2":"session","time3":"time"}')`)
    await db.execute(sql`
      insert into subscribe_grants (user_id, template_id, remaining) select id, 'TPL-BENCH', 1 from users`)
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      DIST_DIR: path.join(dataDir, 'none'),
      ADMIN_DIST_DIR: path.join(dataDir, 'none'),
      WECHAT_MP_APP_ID: MP_APP_ID,
      WECHAT_MP_APP_SECRET: 'bench-secret',
      WECHAT_API_BASE: wechat.url,
      PAY_PROVIDER: 'sandbox'
    })
    const app = await buildApp({ database, config, logStream: new Writable({ write: (_c, _e, done) => done() }) })
    await app.ready()
    try {
      const ids = (await db.select({ id: users.id }).from(users).orderBy(users.id)).map((r) => r.id)
      const started = performance.now()
      await db.transaction((tx) =>
        app.services.notify.toUsers(tx, 'live.starting', ids, {
          key: 'bench-session',
          fields: { course: '六爻入门直播课', session: '第一讲 纳甲', time: '2026年12月2日 20:00' },
          link: 'live/pages/index/index?id=1'
        })
      )
      const enqueued = performance.now() - started
      // The commit's notice starts the round; this waits until every delivery has an outcome.
      for (;;) {
        if (!(await db.$count(notificationDeliveries, eq(notificationDeliveries.state, 'pending')))) break
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      const delivered = performance.now() - started - enqueued
      const sent = await db.$count(notificationDeliveries, eq(notificationDeliveries.state, 'sent'))
      console.log(
        `notifications: one event to ${RECIPIENTS} recipients: enqueued (messages + deliveries) in ` +
          `${Math.round(enqueued)} ms; ${sent} 订阅消息 sent in ${(delivered / 1000).toFixed(1)} s = ` +
          `${Math.round(sent / (delivered / 1000))}/s (one process, fake WeChat answering in 20 ms; ` +
          `WeChat received ${wechat.received()})`
      )
    } finally {
      await app.close()
    }
  } finally {
    await wechat.close()
    await database.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}
