import './helpers/native-modules'

import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import { count, eq } from 'drizzle-orm'

import { loadConfig } from '../../server/config'
import {
  activities,
  appMeta,
  associations,
  certificates,
  courses,
  homeBanners,
  shopGoods,
  users
} from '../../server/db/schema'
import { startServer } from '../../server/main'
import { loadDemoData } from '../../server/seed'
import { openTestDatabase } from './helpers/test-db'

const rows = async (db: any, table: any) => (await db.select({ n: count() }).from(table))[0].n as number

test('loaded once into an empty database; the operator’s deletes and edits stay; counters start at 0', async () => {
  const database = await openTestDatabase()
  const { db } = database
  try {
    expect(await loadDemoData(db)).toBe('loaded')
    const [meta] = await db.select().from(appMeta).where(eq(appMeta.key, 'demo_data'))
    expect(meta.value).toMatch(/^loaded /)
    expect(await rows(db, shopGoods)).toBeGreaterThan(10)
    // No invented figures: every counter starts at the real count.
    for (const [table, column] of [
      [shopGoods, shopGoods.sales],
      [courses, courses.students],
      [certificates, certificates.applicants],
      [associations, associations.members],
      [activities, activities.taken]
    ] as const) {
      const values = await db.select({ v: column }).from(table as any)
      expect(values.length).toBeGreaterThan(0)
      expect(values.every((r: { v: number }) => r.v === 0)).toBe(true)
    }

    const [banner] = await db.select().from(homeBanners).limit(1)
    await db.delete(homeBanners).where(eq(homeBanners.id, banner.id))
    const [goods] = await db.select().from(shopGoods).limit(1)
    await db.update(shopGoods).set({ name: '店主改过的名字' }).where(eq(shopGoods.id, goods.id))
    const bannersLeft = await rows(db, homeBanners)

    expect(await loadDemoData(db)).toBe('already-decided')
    expect(await rows(db, homeBanners)).toBe(bannersLeft)
    expect((await db.select().from(homeBanners).where(eq(homeBanners.slug, banner.slug!))).length).toBe(0)
    expect((await db.select().from(shopGoods).where(eq(shopGoods.id, goods.id)))[0].name).toBe('店主改过的名字')
  } finally {
    await database.close()
  }
})

test('a database already in use gets no demo data', async () => {
  const database = await openTestDatabase()
  try {
    await database.db.insert(users).values({ nickname: '真实用户' })
    expect(await loadDemoData(database.db)).toBe('not-empty')
    expect(await rows(database.db, shopGoods)).toBe(0)
    expect(await loadDemoData(database.db)).toBe('already-decided')
  } finally {
    await database.close()
  }
})

test('the server loads it only when DEMO_DATA is on, and never again after a restart', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yx-demo-'))
  const start = async (DEMO_DATA: string) =>
    startServer(
      loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dir,
        PORT: '0',
        LOG_LEVEL: 'silent',
        DIST_DIR: path.join(dir, 'no-dist'),
        DEMO_DATA
      })
    )
  let running = await start('0')
  try {
    expect(await rows(running.database.db, shopGoods)).toBe(0)
    // Nothing decided about demo data (the data key's fingerprint may be there: that is not demo data).
    expect(await running.database.db.select().from(appMeta).where(eq(appMeta.key, 'demo_data'))).toHaveLength(0)
    await running.stop()

    running = await start('1')
    const [banner] = await running.database.db.select().from(homeBanners).limit(1)
    expect(banner).toBeDefined()
    await running.database.db.delete(homeBanners).where(eq(homeBanners.id, banner.id))
    await running.stop()

    running = await start('1')
    expect(
      (await running.database.db.select().from(homeBanners).where(eq(homeBanners.slug, banner.slug!))).length
    ).toBe(0)
  } finally {
    await running.stop()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}, 120_000)
