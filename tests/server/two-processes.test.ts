import './helpers/native-modules'

import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { Client } from 'pg'

import { type LocalS3, startLocalS3 } from './helpers/s3'
import {
  callApi,
  exited,
  freePort,
  loginViaSimulator,
  type ServerProcess,
  startServerProcess
} from './helpers/server-process'
import { multipart, PNG } from './helpers/upload'

/**
 * The shape of several machines (README "PostgreSQL instead of the embedded database"): two server
 * processes on one PostgreSQL database and one S3-compatible bucket, nothing else shared. What one
 * process writes the other serves; background rounds run once; a payment confirmed through both
 * credits once; SMS limits count both; killing one mid-request loses nothing it acknowledged.
 * Needs a PostgreSQL server (TEST_DATABASE_URL, set by scripts/pg-test.sh); skipped on the embedded one.
 */
const url = process.env.TEST_DATABASE_URL
const onPostgres = url ? describe : describe.skip

const SMS_IP_HOURLY = 4
const ADDRESS = {
  name: '测试',
  mobile: '13800138000',
  province_code: '110000',
  city_code: '110100',
  district_code: '110105'
}

onPostgres('two server processes on one PostgreSQL and one bucket', () => {
  let s3: LocalS3
  let database: string
  let sql: Client
  let dataDir: string
  let a: ServerProcess
  let b: ServerProcess

  beforeAll(async () => {
    s3 = await startLocalS3()
    database = `yx_two_${crypto.randomBytes(5).toString('hex')}`
    const admin = new Client({ connectionString: url })
    await admin.connect()
    await admin.query(`create database "${database}"`)
    await admin.end()
    const target = new URL(url!)
    target.pathname = `/${database}`
    sql = new Client({ connectionString: target.toString() })
    await sql.connect()
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yx-two-'))
    const shared = {
      ...s3.env,
      DATABASE_URL: target.toString(),
      DEMO_DATA: '1',
      MEDIA_SECRET: 'a'.repeat(64),
      // Every server on one database encrypts with the same key (README: Deploying).
      DATA_KEY: crypto.randomBytes(32).toString('hex'),
      SMS_IP_HOURLY_LIMIT: String(SMS_IP_HOURLY),
      // The per-address limit is what is measured here, not the human check before it (sms-captcha.test.ts).
      SMS_CAPTCHA_AFTER: '1000',
      HOST: '127.0.0.1',
      DIST_DIR: path.join(dataDir, 'no-dist')
    }
    // Started together: migrations, demo data and job queues are taken under locks, not by luck.
    ;[a, b] = await Promise.all(
      ['a', 'b'].map(async (name) =>
        startServerProcess({ ...shared, PORT: String(await freePort()), DATA_DIR: path.join(dataDir, name) })
      )
    )
  }, 180_000)

  afterAll(async () => {
    for (const p of [a, b]) {
      if (p && p.child.exitCode === null && p.child.signalCode === null) {
        p.child.kill('SIGTERM')
        await exited(p.child)
      }
    }
    await sql?.end()
    if (database) {
      const admin = new Client({ connectionString: url })
      await admin.connect()
      await admin.query(`drop database if exists "${database}" with (force)`)
      await admin.end()
    }
    await s3?.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  test('demo data and the migrations were applied once though both started together', async () => {
    const { rows } = await sql.query(`select count(*)::int as n, count(distinct slug)::int as distinct from shop_goods`)
    expect(rows[0].n).toBeGreaterThan(0)
    expect(rows[0].n).toBe(rows[0].distinct)
  })

  test('an image uploaded through A is in the bucket and served at its address through B', async () => {
    const token = await loginViaSimulator(a.address, '上传者')
    const m = multipart('file', 'avatar.png', PNG)
    const res = await fetch(`${a.address}api/file.upload/image`, {
      method: 'POST',
      body: m.payload,
      headers: { ...m.headers, authorization: token }
    })
    const up = (await res.json()) as { code: number; data: { url: string } }
    expect(up.code).toBe(1)
    expect(up.data.url.startsWith(s3.endpoint)).toBe(true)
    const key = up.data.url.split('/uploads/')[1]
    // B holds no copy of its own: its /uploads/ address sends the browser to the bucket.
    expect(fs.existsSync(path.join(dataDir, 'b', 'uploads', key))).toBe(false)
    const viaB = await fetch(`${b.address}uploads/${key}`)
    expect(viaB.status).toBe(200)
    expect(viaB.url.startsWith(s3.endpoint)).toBe(true)
    expect(Buffer.from(await viaB.arrayBuffer()).equals(PNG)).toBe(true)
  })

  test('a rename or a ban made elsewhere reaches the other processes’ reads at once', async () => {
    const token = await loginViaSimulator(a.address, '两处读者')
    const nickname = async (p: ServerProcess) => {
      const r = await callApi(p.address, 'GET', '/user.user/detail', {}, token)
      return r.code === 1 ? r.data.user.nickname : r.code
    }
    // Both processes now keep the reader in memory for their reads.
    expect([await nickname(a), await nickname(b)]).toEqual(['两处读者', '两处读者'])
    const { rows } = await sql.query(`update users set nickname = '改过名' where nickname = '两处读者' returning id`)
    // PostgreSQL's notice reaches the processes within milliseconds; their memory would keep the old name 30 s.
    const settled = async (expected: unknown) => {
      const deadline = Date.now() + 2000
      let seen: unknown[] = []
      while (Date.now() < deadline) {
        seen = [await nickname(a), await nickname(b)]
        if (seen.every((s) => s === expected)) break
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      return seen
    }
    expect(await settled('改过名')).toEqual(['改过名', '改过名'])
    await sql.query(`update users set status = 1 where id = $1`, [rows[0].id])
    expect(await settled(-1)).toEqual([-1, -1])
  })

  test('each background round ran in exactly one of the two processes', async () => {
    // Both processes offer every round; the queue keeps one job per round (its singleton slot).
    const deadline = Date.now() + 30_000
    let done: { name: string; n: number }[] = []
    while (Date.now() < deadline) {
      done = (
        await sql.query(
          `select name, count(*)::int as n from pgboss.job where name like 'every.%' and state = ` +
            `'completed' group by name`
        )
      ).rows
      if (done.some((r) => r.name === 'every.shop-cancelling-overdue-orders')) break
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
    expect(done.map((r) => r.name)).toContain('every.shop-cancelling-overdue-orders')
    const twice = await sql.query(
      `select name, singleton_on, count(*)::int as n from pgboss.job where name like 'every.%' group by ` +
        `name, singleton_on having count(*) > 1`
    )
    expect(twice.rows).toEqual([])
  })

  test('a payment confirmed through both processes at once is credited once', async () => {
    const token = await loginViaSimulator(a.address, '双进程买家')
    const address = await callApi(
      b.address,
      'POST',
      '/user.address/add',
      { ...ADDRESS, detail: '建国路88号院一号楼' },
      token
    )
    expect(address.code).toBe(1)
    const { rows } = await sql.query(
      `select s.id, s.sales from shop_skus s join shop_goods g on g.id = s.goods_id where s.stock > 5 and ` +
        `s.on_shelf and g.on_shelf order by s.id limit 1`
    )
    const sku = rows[0] as { id: number; sales: number }
    const order = await callApi(
      a.address,
      'POST',
      '/order.order/buy',
      {
        mode: 'buy_now',
        sku_id: sku.id,
        quantity: 2,
        address_id: address.data.detail.address_id,
        request_id: crypto.randomUUID(),
        user_coupon_id: 0
      },
      token
    )
    expect(order.code).toBe(1)
    const confirm = (base: string) =>
      callApi(base, 'POST', '/pay.sandbox/confirm', { out_trade_no: order.data.payment.out_trade_no }, token)
    const answers = await Promise.all([a, b, a, b, a, b].map((p) => confirm(p.address)))
    expect(answers.every((r) => r.code === 1)).toBe(true)
    const after = await sql.query(`select sales from shop_skus where id = $1`, [sku.id])
    expect(after.rows[0].sales).toBe(sku.sales + 2)
    const detail = await callApi(b.address, 'GET', '/user.order/detail', { order_id: order.data.order_id }, token)
    expect(detail.data.detail.status).toBe('to_ship')
  })

  test('the SMS limit per address counts the sends of both processes', async () => {
    const mobiles = Array.from({ length: 10 }, (_, i) => `1391234${String(5000 + i)}`)
    const answers = await Promise.all(
      mobiles.map((mobile, i) =>
        callApi(i % 2 ? b.address : a.address, 'POST', '/sms.index/send', { mobile, scene: 'login' })
      )
    )
    expect(answers.filter((r) => r.code === 1)).toHaveLength(SMS_IP_HOURLY)
    expect(answers.filter((r) => r.code === 0).map((r) => r.msg)).toEqual(
      Array(10 - SMS_IP_HOURLY).fill('获取验证码过于频繁，请稍后再试')
    )
  })

  test('killing A mid-request loses nothing it acknowledged, and B serves on', async () => {
    const token = await loginViaSimulator(b.address, '断电测试')
    const ids: number[] = []
    for (const detail of ['建国路88号院一号楼', '建国路88号院二号楼'])
      ids.push(
        (await callApi(a.address, 'POST', '/user.address/add', { ...ADDRESS, detail }, token)).data.detail.address_id
      )
    const acked: string[] = []
    let stop = false
    const loops = [a, b].map(async (p, n) => {
      for (let i = 0; !stop; i++) {
        await callApi(p.address, 'POST', '/user.address/setDefault', { address_id: ids[i % 2] }, token).catch(
          () => undefined
        )
        const name = `甲乙${n}-${i}`
        const r = await callApi(
          p.address,
          'POST',
          '/tools.index/saveBazi',
          { name, gender: 'male', date: '1990-01-01 12:00' },
          token
        ).catch(() => undefined)
        if (r?.code === 1) acked.push(name)
        else if (r?.code === 0) stop = true // the record cap: enough
      }
    })
    while (acked.length < 20 && !stop) await new Promise((resolve) => setTimeout(resolve, 20))
    a.child.kill('SIGKILL')
    await exited(a.child)
    await new Promise((resolve) => setTimeout(resolve, 300))
    stop = true
    await Promise.all(loops)

    const stored = new Set(
      (await sql.query(`select name from bazi_records where name like '甲乙%'`)).rows.map((r) => r.name as string)
    )
    expect(acked.filter((n) => !stored.has(n))).toEqual([])
    const list = await callApi(b.address, 'GET', '/user.address/lists', {}, token)
    expect(list.code).toBe(1)
    expect(list.data.list.filter((x: { is_default: boolean }) => x.is_default)).toHaveLength(1)
  })
})
