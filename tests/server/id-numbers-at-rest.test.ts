import './helpers/native-modules'

import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'

import { eq } from 'drizzle-orm'
import Fastify from 'fastify'

import { loadConfig } from '../../server/config'
import { checkDataKey, DataCipher, DataKeyMismatchError, loadDataCipher } from '../../server/core/data-key'
import { loggerOptions } from '../../server/core/logging'
import { sealStoredValues } from '../../server/core/seal-stored'
import { certificateApplications, certificates, membershipApplications, users } from '../../server/db/schema'
import { idNumberLookup } from '../../server/modules/certificate/id-number-store'
import { startupProblems } from '../../server/startup-check'
import { rawRows } from './helpers/raw-rows'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'
import { uploadPrivate } from './helpers/upload'

// 11010519491231002X is the worked example of GB 11643-1999.
const ID = '11010519491231002X'
const MASKED = '110105********002X'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestContext()
})
afterAll(() => ctx.close())

const api = (method: 'GET' | 'POST', action: string, params: Record<string, unknown> = {}, token?: string) =>
  call(ctx.app, method, `/api/${action}`, params, token)

test('a certificate application keeps the ID number only encrypted, answers it masked, and never logs it', async () => {
  const me = await login(ctx.app, '加密报名')
  const photo = (await uploadPrivate(ctx, me.token)).data.file_id
  const [cert] = await ctx.database.db.select().from(certificates).where(eq(certificates.slug, 'mingli-analyst'))
  const form = {
    certificate_id: cert.id,
    name: '王小明',
    id_number: ID.toLowerCase(),
    mobile: '13700137000',
    education: '本科',
    photo_file_id: photo
  }
  const applied = await api('POST', 'certificate.apply/add', form, me.token)
  expect(applied.code).toBe(1)
  expect(await rawRows(ctx.database.db, 'certificate_applications')).not.toContain(ID)
  const [row] = await ctx.database.db
    .select()
    .from(certificateApplications)
    .where(eq(certificateApplications.id, applied.data.application_id))
  expect(row.idNumber).toMatch(/^v1:[A-Za-z0-9+/]+=*$/)
  expect(row.idNumberHash).toBe(idNumberLookup(ctx.app.services.dataCipher, ID))
  const detail = await api('GET', 'certificate.apply/detail', { application_id: row.id }, me.token)
  expect(detail.data.application.id_number).toBe(MASKED)
  const list = await api('GET', 'certificate.apply/lists', {}, me.token)
  expect(list.data.list[0].id_number).toBe(MASKED)
  expect(ctx.logs.join('\n')).not.toMatch(/11010519491231002/i)
})

test('a membership application keeps it encrypted too, and an application can be found by its keyed hash', async () => {
  const me = await login(ctx.app, '加密入会')
  const photo = (await uploadPrivate(ctx, me.token)).data.file_id
  const applied = await api(
    'POST',
    'association.apply/add',
    {
      kind: 'full',
      name: '李四',
      mobile: '13700137001',
      id_number: ID,
      gender: '女',
      education: '硕士',
      specialty: '八字命理',
      intro: '从事命理研究八年，出版过两本入门读物。',
      photo_file_id: photo
    },
    me.token
  )
  expect(applied).toMatchObject({ code: 1 })
  expect(await rawRows(ctx.database.db, 'membership_applications')).not.toContain(ID)
  const found = await ctx.database.db
    .select({ id: membershipApplications.id })
    .from(membershipApplications)
    .where(eq(membershipApplications.idNumberHash, idNumberLookup(ctx.app.services.dataCipher, ID)))
  expect(found.map((r) => r.id)).toEqual([applied.data.application_id])
})

test('ID numbers stored before encryption are encrypted once at start-up; a second run changes nothing', async () => {
  const [user] = await ctx.database.db.insert(users).values({ nickname: '旧数据' }).returning()
  const [cert] = await ctx.database.db.select().from(certificates).where(eq(certificates.slug, 'mingli-analyst'))
  const [old] = await ctx.database.db
    .insert(certificateApplications)
    .values({
      certificateId: cert.id,
      userId: user.id,
      name: '旧报名',
      idNumber: ID,
      mobile: '13700137002',
      education: '本科',
      photoUrl: '/x.png',
      amountFen: 0,
      status: 'reviewing'
    })
    .returning()
  const cipher = ctx.app.services.dataCipher
  // The row's identity number and its mobile number.
  expect(await sealStoredValues(ctx.database.db, cipher)).toBe(2)
  expect(await sealStoredValues(ctx.database.db, cipher)).toBe(0)
  const [row] = await ctx.database.db
    .select()
    .from(certificateApplications)
    .where(eq(certificateApplications.id, old.id))
  expect(row.idNumber).toMatch(/^v1:/)
  expect(cipher.open(row.idNumber, 'id_number')).toBe(ID)
  expect(row.idNumberHash).toBe(idNumberLookup(cipher, ID))
  expect(await rawRows(ctx.database.db, 'certificate_applications')).not.toContain(ID)
})

test('a sealed value opens only with its key and column, and tampering is detected', () => {
  const a = new DataCipher(Buffer.alloc(32, 1))
  const b = new DataCipher(Buffer.alloc(32, 2))
  const sealed = a.seal(ID, 'id_number')
  expect(a.seal(ID, 'id_number')).not.toBe(sealed) // a fresh IV every time
  expect(a.open(sealed, 'id_number')).toBe(ID)
  expect(() => b.open(sealed, 'id_number')).toThrow()
  expect(() => a.open(sealed, 'mobile')).toThrow()
  const raw = Buffer.from(sealed.slice(3), 'base64')
  raw[14] ^= 1
  expect(() => a.open(`v1:${raw.toString('base64')}`, 'id_number')).toThrow()
  expect(a.lookupHash(ID, 'id_number')).not.toBe(b.lookupHash(ID, 'id_number'))
})

test('without DATA_KEY a key is made once in the data dir (mode 0600); a database refuses another key', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yx-key-'))
  try {
    const config = loadConfig({ DATA_DIR: dir })
    const first = loadDataCipher(config)
    const file = path.join(dir, 'data-key')
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
    expect(loadDataCipher(config).fingerprint).toBe(first.fingerprint)
    const given = loadConfig({ DATA_DIR: path.join(dir, 'other'), DATA_KEY: 'ab'.repeat(32) })
    const fromEnv = loadDataCipher(given)
    expect(fs.existsSync(path.join(dir, 'other'))).toBe(false)
    expect(fromEnv.fingerprint).not.toBe(first.fingerprint)

    // The first key a database meets is recorded; another one is refused from then on.
    await expect(checkDataKey(ctx.database.db, ctx.app.services.dataCipher)).resolves.toBeUndefined()
    await expect(checkDataKey(ctx.database.db, fromEnv)).rejects.toThrow(DataKeyMismatchError)
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})

test('DATA_KEY must be 32 bytes', () => {
  expect(() => loadConfig({ DATA_KEY: 'short' })).toThrow(/DATA_KEY: 必须是 32 字节的密钥/)
  expect(loadConfig({ DATA_KEY: Buffer.alloc(32, 7).toString('base64') }).dataKey).toHaveLength(44)
})

test('production keeps its data key out of the data folder: DATA_KEY, or DATA_KEY_FILE outside it and private', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'yx-key-'))
  try {
    const dataDir = path.join(dir, 'data')
    const env = { NODE_ENV: 'production', DATA_DIR: dataDir, PUBLIC_URL: 'https://yixue.example.com' }
    const problems = (e: Record<string, string>) =>
      startupProblems(loadConfig(e), e).filter((p) => p.startsWith('DATA_KEY'))
    // A key generated beside the database would leave with every copy of the data folder.
    expect(problems(env).map((p) => p.split(':')[0])).toEqual(['DATA_KEY'])
    expect(problems({ ...env, DATA_KEY: 'cd'.repeat(32) })).toEqual([])

    // A database encrypted with a generated key: its key is moved out and named, and opens what it sealed.
    const generated = loadDataCipher(loadConfig({ DATA_DIR: dataDir }))
    expect(problems(env)[0]).toContain(`把已有的 ${path.join(dataDir, 'data-key')} 移到数据目录之外`)
    const moved = path.join(dir, 'keys', 'data-key')
    fs.mkdirSync(path.dirname(moved))
    fs.copyFileSync(path.join(dataDir, 'data-key'), moved)
    fs.chmodSync(moved, 0o600)
    const withFile = { ...env, DATA_KEY_FILE: moved }
    expect(problems(withFile)).toEqual([])
    const cipher = loadDataCipher(loadConfig(withFile))
    expect(cipher.fingerprint).toBe(generated.fingerprint)
    expect(cipher.open(generated.seal('110105199001010021', 'id_number'), 'id_number')).toBe('110105199001010021')

    fs.chmodSync(moved, 0o644)
    expect(problems(withFile)[0]).toMatch(/^DATA_KEY_FILE: .*其他用户也能读取/)
    expect(problems({ ...env, DATA_KEY_FILE: path.join(dataDir, 'data-key') })[0]).toMatch(
      /^DATA_KEY_FILE: .*在数据目录之内/
    )
    expect(problems({ ...env, DATA_KEY_FILE: path.join(dir, 'missing') })[0]).toMatch(/^DATA_KEY_FILE: .*不存在/)
    // Nor through a link from outside that leads back in.
    fs.symlinkSync(path.join(dataDir, 'data-key'), path.join(dir, 'link-to-key'))
    expect(problems({ ...env, DATA_KEY_FILE: path.join(dir, 'link-to-key') })[0]).toMatch(
      /^DATA_KEY_FILE: .*在数据目录之内/
    )
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})

test('the log masks ID numbers wherever a line carries one', async () => {
  const lines: string[] = []
  const app = Fastify({
    logger: loggerOptions('info', new Writable({ write: (c, _e, done) => (lines.push(String(c)), done()) }))
  })
  app.log.info({ id_number: ID, application: { idNumber: ID, id_number: ID } }, 'application')
  await app.close()
  expect(lines.join('')).not.toContain(ID)
  expect(lines.join('')).toContain('[redacted]')
})
