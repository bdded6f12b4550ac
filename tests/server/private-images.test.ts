import './helpers/native-modules'

import fs from 'node:fs'
import path from 'node:path'

import { count, eq } from 'drizzle-orm'

import { linkSignature, loadLinkSecret } from '../../server/core/signed-link'
import {
  certificateApplications,
  certificates,
  housePlans,
  membershipApplications,
  uploadedFiles
} from '../../server/db/schema'
import { addOperator, type AdminClient, ownerClient } from './helpers/admin'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'
import { PNG, PRIVATE_LINK, upload, uploadPrivate } from './helpers/upload'

// ID photos, application documents and floor plans: stored out of public reach, shown to their owner and
// to operators through signed links that expire.

let ctx: TestContext
let content: AdminClient
beforeAll(async () => {
  ctx = await createTestContext({ PRIVATE_LINK_MINUTES: '30' })
  const owner = await ownerClient(ctx.app, ctx.database.db)
  content = await addOperator(ctx.app, owner, 'neirong', 'content')
}, 180_000)
afterAll(() => ctx.close())

const api = (method: 'GET' | 'POST', action: string, params: Record<string, unknown> = {}, token?: string) =>
  call(ctx.app, method, `/api/${action}`, params, token)
const get = (url: string) => {
  const u = new URL(url, ctx.config.publicUrl)
  return ctx.app.inject({ method: 'GET', url: u.pathname + u.search })
}
const form = (certificateId: number, photo: number) => ({
  certificate_id: certificateId,
  name: '王晓明',
  id_number: '11010519491231002X',
  mobile: '13800138000',
  education: '本科',
  photo_file_id: photo
})
const certificate = async () =>
  (await ctx.database.db.select().from(certificates).where(eq(certificates.slug, 'mingli-analyst')))[0]
const applicationCount = async () => (await ctx.database.db.select({ n: count() }).from(certificateApplications))[0].n
// A GIF is told from a PNG by its bytes; a different picture proves the link serves this upload's bytes.
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64')

test('a private upload is kept out of the public folder and answered with its reference and signed link', async () => {
  const me = await login(ctx.app, '私密上传')
  const r = await uploadPrivate(ctx, me.token)
  expect(r.code).toBe(1)
  expect(r.data.ref).toMatch(/^private:\d{6}\/[0-9a-f]{32}\.png$/)
  expect(r.data.url).toMatch(PRIVATE_LINK)
  const key = r.data.ref.slice('private:'.length)
  const [row] = await ctx.database.db.select().from(uploadedFiles).where(eq(uploadedFiles.id, r.data.file_id))
  expect(row).toMatchObject({ userId: me.userId, url: r.data.ref, storageKey: key, mime: 'image/png' })
  expect(fs.readFileSync(path.join(ctx.config.privateDir, key)).equals(PNG)).toBe(true)
  expect(fs.existsSync(path.join(ctx.config.uploadDir, key))).toBe(false)
  // No address without a signature reaches it.
  for (const url of [
    `/uploads/${key}`,
    `/uploads/..%2Fprivate%2F${encodeURIComponent(key)}`,
    `/private/${key}`,
    `/api/file.private/image?key=${encodeURIComponent(key)}`
  ]) {
    const res = await ctx.app.inject({ method: 'GET', url })
    expect([403, 404]).toContain(res.statusCode)
    expect(res.rawPayload.equals(PNG)).toBe(false)
  }
})

test('the private upload checks the picture as the public one does', async () => {
  const me = await login(ctx.app, '私密检查')
  expect(await uploadPrivate(ctx, me.token, Buffer.from('<svg onload=alert(1)>'), 'x.png')).toMatchObject({
    code: 0,
    msg: '只能上传 JPG、PNG、GIF 或 WebP 图片'
  })
  const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)])
  expect((await uploadPrivate(ctx, me.token, big)).msg).toContain('不能超过 5MB')
  expect((await uploadPrivate(ctx, undefined)).code).toBe(-9999)
})

test("another user's private upload cannot be my ID photo, document or plan, and nothing is written", async () => {
  const a = await login(ctx.app, '甲上传')
  const b = await login(ctx.app, '乙冒用')
  const photoOfA = (await uploadPrivate(ctx, a.token)).data.file_id as number
  const cert = await certificate()
  const before = await applicationCount()
  expect(await api('POST', 'certificate.apply/add', form(cert.id, photoOfA), b.token)).toMatchObject({
    code: 0,
    msg: '照片不存在，请重新上传'
  })
  expect(await applicationCount()).toBe(before)
  const photoOfB = (await uploadPrivate(ctx, b.token)).data.file_id as number
  const membership = {
    kind: 'full',
    name: '乙会员',
    mobile: '13800138001',
    id_number: '11010519491231002X',
    gender: '男',
    education: '本科',
    specialty: '八字命理',
    intro: '从事命理研究十余年，熟悉子平法。',
    photo_file_id: photoOfB,
    attachment_file_ids: [photoOfA]
  }
  expect(await api('POST', 'association.apply/add', membership, b.token)).toMatchObject({
    code: 0,
    msg: '附件不存在，请重新上传'
  })
  expect(
    await ctx.database.db.select().from(membershipApplications).where(eq(membershipApplications.userId, b.userId))
  ).toEqual([])
  expect(await api('POST', 'tools.house/add', { plan_type: 'floorplan', file_id: photoOfA }, b.token)).toMatchObject({
    code: 0,
    msg: '户型图不存在，请重新上传'
  })
  expect(await ctx.database.db.select().from(housePlans).where(eq(housePlans.userId, b.userId))).toEqual([])
})

test('a public upload is not taken as an ID photo: the app uploads those privately', async () => {
  const me = await login(ctx.app, '公开照片')
  const pub = (await upload(ctx, me.token, 'file', 'photo.png', PNG)).data.file_id as number
  expect((await api('POST', 'certificate.apply/add', form((await certificate()).id, pub), me.token)).msg).toBe(
    '照片不存在，请重新上传'
  )
})

test('the owner and an operator get a signed link serving the photo; nobody gets the stored reference', async () => {
  const me = await login(ctx.app, '证件照主人')
  const photo = (await uploadPrivate(ctx, me.token, GIF, 'id.gif')).data.file_id as number
  const applied = await api('POST', 'certificate.apply/add', form((await certificate()).id, photo), me.token)
  expect(applied.code).toBe(1)
  const id = applied.data.application_id
  const pay = (await api('POST', 'certificate.apply/pay', { application_id: id }, me.token)).data
  expect((await api('POST', 'pay.sandbox/confirm', { out_trade_no: pay.out_trade_no }, me.token)).code).toBe(1)
  const detail = (await api('GET', 'certificate.apply/detail', { application_id: id }, me.token)).data
  expect(JSON.stringify(detail)).not.toContain('private:')
  const mine = detail.application.photo
  const queue = await content.get('/certificate/lists', { status: 'reviewing', keyword: String(me.userId) })
  const operators = queue.data.list.find((r: { application_id: number }) => r.application_id === id).photo
  for (const link of [mine, operators]) {
    expect(link).toMatch(/\/api\/file\.private\/image\?key=\d{6}%2F[0-9a-f]{32}\.gif&exp=\d+&sig=/)
    const res = await get(link)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/gif')
    expect(res.headers['cache-control']).toMatch(/^private, max-age=\d+$/)
    expect(res.rawPayload.equals(GIF)).toBe(true)
  }
  // Valid for the configured 30 minutes (rounded up to the next 5), not forever.
  const exp = Number(new URL(mine).searchParams.get('exp'))
  const now = Date.now() / 1000
  expect(exp - now).toBeGreaterThan(30 * 60 - 5)
  expect(exp - now).toBeLessThanOrEqual(35 * 60)
  // Another user reading the same application is refused.
  const other = await login(ctx.app, '旁人')
  expect((await api('GET', 'certificate.apply/detail', { application_id: id }, other.token)).code).toBe(0)
})

test('an expired, altered or misdirected link gets a clear 403; a signed link to nothing is 404', async () => {
  const me = await login(ctx.app, '链接篡改')
  const up = (await uploadPrivate(ctx, me.token)).data
  const link = new URL(up.url)
  const key = link.searchParams.get('key')!
  const secret = loadLinkSecret(ctx.config)
  const signed = (k: string, exp: number) =>
    `/api/file.private/image?key=${encodeURIComponent(k)}&exp=${exp}&sig=${linkSignature(secret, `private:${k}`, exp)}`
  const past = Math.floor(Date.now() / 1000) - 1
  expect((await get(signed(key, past + 3600))).statusCode).toBe(200)
  const expired = await get(signed(key, past))
  expect(expired.statusCode).toBe(403)
  expect(expired.body).toBe('图片链接无效或已过期，请刷新页面后重试')
  const sig = link.searchParams.get('sig')!
  const flipped = (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1)
  const other = (await uploadPrivate(ctx, me.token, GIF, 'b.gif')).data.ref.slice('private:'.length)
  for (const bad of [
    up.url.replace(`sig=${sig}`, `sig=${flipped}`),
    up.url.replace(/exp=(\d+)/, (_: string, e: string) => `exp=${Number(e) + 3600}`),
    up.url.replace(encodeURIComponent(key), encodeURIComponent(other)),
    up.url.replace(`&sig=${sig}`, ''),
    `/api/file.private/image?key=..%2F..%2Fmedia-secret&exp=${past + 3600}&sig=${sig}`
  ])
    expect((await get(bad)).statusCode).toBe(403)
  const gone = await get(signed('202401/00000000000000000000000000000000.png', past + 3600))
  expect(gone.statusCode).toBe(404)
})

test('the member card and the console show the membership photo and documents through signed links', async () => {
  const me = await login(ctx.app, '会员照片')
  const photo = (await uploadPrivate(ctx, me.token)).data.file_id
  const doc = (await uploadPrivate(ctx, me.token, GIF, 'doc.gif')).data.file_id
  const applied = await api(
    'POST',
    'association.apply/add',
    {
      kind: 'full',
      name: '会员甲',
      mobile: '13800138002',
      id_number: '11010519491231002X',
      gender: '女',
      education: '本科',
      specialty: '风水堪舆',
      intro: '研习风水二十年，擅长户型分析。',
      photo_file_id: photo,
      attachment_file_ids: [doc]
    },
    me.token
  )
  expect(applied.code).toBe(1)
  const [row] = await ctx.database.db
    .select()
    .from(membershipApplications)
    .where(eq(membershipApplications.id, applied.data.application_id))
  expect(row.photoUrl).toMatch(/^private:/)
  expect(row.attachments[0]).toMatch(/^private:/)
  if (applied.data.status === 'unpaid') {
    const pay = (await api('POST', 'association.apply/pay', { application_id: row.id }, me.token)).data
    expect((await api('POST', 'pay.sandbox/confirm', { out_trade_no: pay.out_trade_no }, me.token)).code).toBe(1)
  }
  const queue = await content.get('/membership/lists', { status: 'reviewing', keyword: String(me.userId) })
  const listed = queue.data.list.find((r: { application_id: number }) => r.application_id === row.id)
  expect(listed.photo).toMatch(PRIVATE_LINK)
  expect((await get(listed.attachments[0])).rawPayload.equals(GIF)).toBe(true)
  expect(JSON.stringify(queue.data)).not.toContain('private:')
  expect((await content.post('/membership/review', { application_id: row.id, approve: true, reason: '' })).code).toBe(1)
  const card = (await api('GET', 'association.apply/mine', {}, me.token)).data.application.card
  expect(card.photo).toMatch(PRIVATE_LINK)
  expect((await get(card.photo)).rawPayload.equals(PNG)).toBe(true)
})

test('a house plan shows its owner a signed link; rows saved with a public address keep it', async () => {
  const me = await login(ctx.app, '户型主人')
  const file = (await uploadPrivate(ctx, me.token)).data.file_id
  const added = await api('POST', 'tools.house/add', { plan_type: 'floorplan', file_id: file }, me.token)
  expect(added.data.image_url).toMatch(PRIVATE_LINK)
  const listed = (await api('GET', 'tools.house/lists', { page: 1, per_page: 10 }, me.token)).data.list[0]
  expect((await get(listed.image_url)).rawPayload.equals(PNG)).toBe(true)
  const old = 'http://127.0.0.1:3999/uploads/202401/0123456789abcdef0123456789abcdef.png'
  await ctx.database.db.update(housePlans).set({ imageUrl: old }).where(eq(housePlans.id, added.data.id))
  expect((await api('GET', 'tools.house/detail', { id: added.data.id }, me.token)).data.image_url).toBe(old)
})

test('an old application holding a public photo address is shown as it was', async () => {
  const me = await login(ctx.app, '老照片')
  const photo = (await uploadPrivate(ctx, me.token)).data.file_id
  const id = (await api('POST', 'certificate.apply/add', form((await certificate()).id, photo), me.token)).data
    .application_id
  const old = 'http://127.0.0.1:3999/uploads/202401/0123456789abcdef0123456789abcdef.png'
  await ctx.database.db.update(certificateApplications).set({ photoUrl: old }).where(eq(certificateApplications.id, id))
  expect((await api('GET', 'certificate.apply/detail', { application_id: id }, me.token)).data.application.photo).toBe(
    old
  )
})
