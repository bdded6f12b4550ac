import './helpers/native-modules'

import { asc, eq } from 'drizzle-orm'

import { checkDataKey, DataCipher, DataKeyMismatchError } from '../../server/core/data-key'
import { DataKeyRotationError, rotateDataKey } from '../../server/core/data-key-rotation'
import { SEALED_COLUMNS, sealedColumnName } from '../../server/core/sealed-columns'
import { certificateApplications, certificates, membershipApplications, users } from '../../server/db/schema'
import { idNumberLookup } from '../../server/modules/certificate/id-number-store'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'
import { uploadPrivate } from './helpers/upload'

// 11010519491231002X is the worked example of GB 11643-1999; the other carries its own check digit.
const ID = '11010519491231002X'
const OTHER = '110105199001010029'
const MASKED = '110105********002X'
const OLD_KEY = 'ab'.repeat(32)
const NEW_KEY = 'cd'.repeat(32)
const oldCipher = new DataCipher(Buffer.from(OLD_KEY, 'hex'))
const newCipher = new DataCipher(Buffer.from(NEW_KEY, 'hex'))

let ctx: TestContext
let certAppId: number
let applicantToken: string
let membershipAppId: number
let legacyId: number

const api = (c: TestContext, method: 'GET' | 'POST', action: string, params: Record<string, unknown>, token: string) =>
  call(c.app, method, `/api/${action}`, params, token)

/** Every sealed value and hash, as the database holds them. */
async function stored() {
  const db = ctx.database.db
  const cols = {
    id: certificateApplications.id,
    v: certificateApplications.idNumber,
    h: certificateApplications.idNumberHash
  }
  const mCols = {
    id: membershipApplications.id,
    v: membershipApplications.idNumber,
    h: membershipApplications.idNumberHash
  }
  return {
    certificate: await db.select(cols).from(certificateApplications).orderBy(asc(certificateApplications.id)),
    membership: await db.select(mCols).from(membershipApplications).orderBy(asc(membershipApplications.id))
  }
}

const findByIdNumber = async (cipher: DataCipher, idNumber: string) => ({
  certificate: (
    await ctx.database.db
      .select({ id: certificateApplications.id })
      .from(certificateApplications)
      .where(eq(certificateApplications.idNumberHash, idNumberLookup(cipher, idNumber)))
  ).map((r) => r.id),
  membership: (
    await ctx.database.db
      .select({ id: membershipApplications.id })
      .from(membershipApplications)
      .where(eq(membershipApplications.idNumberHash, idNumberLookup(cipher, idNumber)))
  ).map((r) => r.id)
})

beforeAll(async () => {
  ctx = await createTestContext({ DATA_KEY: OLD_KEY })
  // What a start does before anything is sealed (server/main.ts).
  await checkDataKey(ctx.database.db, ctx.app.services.dataCipher)

  const [cert] = await ctx.database.db.select().from(certificates).where(eq(certificates.slug, 'mingli-analyst'))
  const ids: number[] = []
  const tokens: string[] = []
  for (const [nickname, idNumber] of [
    ['轮换甲', ID],
    ['轮换乙', OTHER]
  ]) {
    const me = await login(ctx.app, nickname)
    const photo = (await uploadPrivate(ctx, me.token)).data.file_id
    const form = {
      certificate_id: cert.id,
      name: '王小明',
      id_number: idNumber,
      mobile: '13700137000',
      education: '本科',
      photo_file_id: photo
    }
    const applied = await api(ctx, 'POST', 'certificate.apply/add', form, me.token)
    expect(applied.code).toBe(1)
    ids.push(applied.data.application_id)
    tokens.push(me.token)
  }
  certAppId = ids[0]
  applicantToken = tokens[0]

  const member = await login(ctx.app, '轮换入会')
  const photo = (await uploadPrivate(ctx, member.token)).data.file_id
  const joined = await api(
    ctx,
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
    member.token
  )
  expect(joined.code).toBe(1)
  membershipAppId = joined.data.application_id

  // A row stored before encryption existed: sealed on the way.
  const [user] = await ctx.database.db.insert(users).values({ nickname: '轮换旧数据' }).returning()
  const [legacy] = await ctx.database.db
    .insert(certificateApplications)
    .values({
      certificateId: cert.id,
      userId: user.id,
      name: '旧报名',
      idNumber: OTHER,
      mobile: '13700137002',
      education: '本科',
      photoUrl: '/x.png',
      amountFen: 0,
      status: 'reviewing'
    })
    .returning()
  legacyId = legacy.id
})
afterAll(() => ctx.close())

test('the registry lists every sealed column with the hash it is found by', () => {
  expect(SEALED_COLUMNS.map((c) => [sealedColumnName(c), c.hash?.name, c.aad])).toEqual([
    ['certificate_applications.id_number', 'id_number_hash', 'id_number'],
    ['membership_applications.id_number', 'id_number_hash', 'id_number'],
    ['users.mobile', 'mobile_hash', 'mobile'],
    ['account_merge_requests.mobile', undefined, 'mobile'],
    ['shop_addresses.name', undefined, 'receiver_name'],
    ['shop_addresses.mobile', undefined, 'mobile'],
    ['shop_addresses.detail', undefined, 'address_detail'],
    ['shop_orders.receiver_name', 'receiver_name_hash', 'receiver_name'],
    ['shop_orders.receiver_mobile', 'receiver_mobile_hash', 'mobile'],
    ['shop_orders.receiver_detail', undefined, 'address_detail'],
    ['activity_signups.mobile', 'mobile_hash', 'mobile'],
    ['certificate_applications.mobile', 'mobile_hash', 'mobile'],
    ['membership_applications.mobile', 'mobile_hash', 'mobile'],
    ['offline_signups.mobile', 'mobile_hash', 'mobile'],
    ['service_orders.mobile', 'mobile_hash', 'mobile']
  ])
})

test('a value that does not open midway rolls everything back, fingerprint included', async () => {
  const before = await stored()
  const sealed = before.membership.find((r) => r.id === membershipAppId)!.v
  const raw = Buffer.from(sealed.slice(3), 'base64')
  raw[14] ^= 1
  const corrupt = `v1:${raw.toString('base64')}`
  await ctx.database.db
    .update(membershipApplications)
    .set({ idNumber: corrupt })
    .where(eq(membershipApplications.id, membershipAppId))

  // Batches of one: the certificate rows are all rewritten before the membership row fails.
  await expect(rotateDataKey(ctx.database.db, oldCipher, newCipher, { batchSize: 1 })).rejects.toThrow(
    new DataKeyRotationError(
      `membership_applications.id_number id ${membershipAppId}: 无法用当前密钥解开，已全部回滚，什么也没有改 ` +
        '(cannot be opened with the current key; everything was rolled back, nothing changed)'
    )
  )
  const after = await stored()
  expect(after.certificate).toEqual(before.certificate)
  expect(after.membership).toEqual(before.membership.map((r) => (r.id === membershipAppId ? { ...r, v: corrupt } : r)))
  await expect(checkDataKey(ctx.database.db, oldCipher)).resolves.toBeUndefined()
  await expect(checkDataKey(ctx.database.db, newCipher)).rejects.toThrow(DataKeyMismatchError)

  await ctx.database.db
    .update(membershipApplications)
    .set({ idNumber: sealed })
    .where(eq(membershipApplications.id, membershipAppId))
})

test('a key that is not the database’s, or equals the new one, is refused', async () => {
  const stranger = new DataCipher(Buffer.alloc(32, 9))
  await expect(rotateDataKey(ctx.database.db, stranger, newCipher)).rejects.toThrow(/不能轮换.*not the one/)
  await expect(rotateDataKey(ctx.database.db, oldCipher, oldCipher)).rejects.toThrow(/新密钥与当前密钥相同/)
})

test('every value is re-sealed under the new key, hashes follow, a server with the new key reads them', async () => {
  const before = await stored()
  const r = await rotateDataKey(ctx.database.db, oldCipher, newCipher, { batchSize: 2 })
  const certRows = before.certificate.filter((x) => x.v).length
  const memberRows = before.membership.filter((x) => x.v).length
  expect(r.alreadyRotated).toBe(false)
  expect(r.columns.map((c) => c.column)).toEqual(SEALED_COLUMNS.map(sealedColumnName))
  const rotated = Object.fromEntries(r.columns.map(({ column, rows, plain }) => [column, { rows, plain }]))
  expect(rotated).toMatchObject({
    'certificate_applications.id_number': { rows: certRows, plain: 1 },
    'membership_applications.id_number': { rows: memberRows, plain: 0 },
    // The row stored before sealing existed held its mobile plain too: sealed on the way.
    'certificate_applications.mobile': { rows: 3, plain: 1 },
    'membership_applications.mobile': { rows: 1, plain: 0 }
  })
  expect(certRows).toBeGreaterThanOrEqual(3)

  const after = await stored()
  for (const [table, rows] of Object.entries(after)) {
    for (const row of rows) {
      const old = before[table as keyof typeof before].find((x) => x.id === row.id)!
      if (!old.v) {
        expect(row).toEqual(old)
        continue
      }
      expect(row.v).toMatch(/^v1:/)
      expect(row.v).not.toBe(old.v)
      const plain = newCipher.open(row.v, 'id_number')
      expect(() => oldCipher.open(row.v, 'id_number')).toThrow()
      expect(row.h).toBe(idNumberLookup(newCipher, plain))
      expect(row.h).not.toBe(old.h)
    }
  }
  expect(newCipher.open(after.certificate.find((x) => x.id === legacyId)!.v, 'id_number')).toBe(OTHER)
  const [legacyRow] = await ctx.database.db
    .select({ mobile: certificateApplications.mobile, hash: certificateApplications.mobileHash })
    .from(certificateApplications)
    .where(eq(certificateApplications.id, legacyId))
  expect(newCipher.open(legacyRow.mobile, 'mobile')).toBe('13700137002')
  expect(legacyRow.hash).toBe(newCipher.lookupHash('13700137002', 'mobile'))

  // Looked up by ID number: found with the new key's hash, no longer with the old one's.
  expect(await findByIdNumber(newCipher, ID)).toEqual({ certificate: [certAppId], membership: [membershipAppId] })
  expect((await findByIdNumber(newCipher, OTHER)).certificate).toHaveLength(2)
  expect(await findByIdNumber(oldCipher, ID)).toEqual({ certificate: [], membership: [] })

  await expect(checkDataKey(ctx.database.db, newCipher)).resolves.toBeUndefined()
  await expect(checkDataKey(ctx.database.db, oldCipher)).rejects.toThrow(DataKeyMismatchError)

  // A server restarted with DATA_KEY set to the new key shows the applicant the (masked) number.
  const restarted = await createTestContext({ DATA_KEY: NEW_KEY }, ctx.database)
  try {
    const detail = await api(
      restarted,
      'GET',
      'certificate.apply/detail',
      { application_id: certAppId },
      applicantToken
    )
    expect(detail.data.application.id_number).toBe(MASKED)
  } finally {
    await restarted.close()
  }
})

test('running it again with the same new key is a no-op', async () => {
  const before = await stored()
  const r = await rotateDataKey(ctx.database.db, oldCipher, newCipher)
  expect(r).toMatchObject({ alreadyRotated: true, columns: [] })
  // Once DATA_KEY names the new key too, there is nothing to rotate to.
  await expect(rotateDataKey(ctx.database.db, newCipher, newCipher)).rejects.toThrow(/新密钥与当前密钥相同/)
  expect(await stored()).toEqual(before)
  await expect(checkDataKey(ctx.database.db, newCipher)).resolves.toBeUndefined()
})
