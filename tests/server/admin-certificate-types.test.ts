import './helpers/native-modules'

import { count, desc, eq } from 'drizzle-orm'

import { MSG_STALE } from '../../server/core/envelope'
import { adminAuditLogs, certificateApplications, certificateCategories, certificates } from '../../server/db/schema'
import { addOperator, type AdminClient, ownerClient } from './helpers/admin'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'
import { uploadPrivate } from './helpers/upload'

// Certificate types from the console: name, fee and the form's required fields, read by the app's
// certificate pages and enforced by its application form.

jest.setTimeout(300_000)

let ctx: TestContext
let owner: AdminClient
let content: AdminClient
let categoryId: number

beforeAll(async () => {
  ctx = await createTestContext()
  owner = await ownerClient(ctx.app, ctx.database.db)
  content = await addOperator(ctx.app, owner, 'cert_editor', 'content')
  ;[{ id: categoryId }] = await ctx.database.db
    .select({ id: certificateCategories.id })
    .from(certificateCategories)
    .limit(1)
})
afterAll(() => ctx.close())

const api = (method: 'GET' | 'POST', action: string, params: Record<string, unknown> = {}, token?: string) =>
  call(ctx.app, method, `/api/${action}`, params, token)
const total = async () => (await ctx.database.db.select({ n: count() }).from(certificates))[0].n
const auditOf = (action: string) =>
  ctx.database.db
    .select()
    .from(adminAuditLogs)
    .where(eq(adminAuditLogs.action, action))
    .orderBy(desc(adminAuditLogs.id))
const fields = (over: Record<string, unknown> = {}) => ({
  title: '风水规划师（初级）',
  category_id: categoryId,
  issuer: '易学研究会',
  level: '初级',
  requirements: '<p>从业一年以上</p><script>alert(1)</script>',
  fee_fen: 5000,
  required_fields: ['work_unit'],
  ...over
})
const form = { name: '李晓明', id_number: '11010519491231002X', mobile: '13800138000' }

test('operations and finance are refused; bad input is named and writes nothing', async () => {
  expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/certificate-type/lists' })).json().code).toBe(-9999)
  const before = [await total(), (await auditOf('certificate_type.add')).length]
  for (const role of ['operations', 'finance']) {
    const client = await addOperator(ctx.app, owner, `cert_${role}`, role)
    expect(await client.post('/certificate-type/add', fields())).toMatchObject({ code: 0, msg: '没有权限执行此操作' })
  }
  expect((await content.post('/certificate-type/add', fields({ title: '' }))).msg).toBe('证书名称不能为空')
  expect((await content.post('/certificate-type/add', fields({ fee_fen: -1 }))).msg).toMatch(/^报名费/)
  expect((await content.post('/certificate-type/add', fields({ required_fields: ['id_card'] }))).code).toBe(0)
  expect((await content.post('/certificate-type/add', fields({ category_id: 999_999 }))).msg).toBe('证书分类不存在')
  expect([await total(), (await auditOf('certificate_type.add')).length]).toEqual(before)
})

test('a certificate made in the console: the app shows its fee and asks for the fields it requires', async () => {
  const added = await content.post('/certificate-type/add', fields())
  expect(added.code).toBe(1)
  const id = added.data.id
  expect((await auditOf('certificate_type.add'))[0]).toMatchObject({
    operatorName: 'cert_editor',
    targetId: String(id),
    after: { fee_fen: 5000, required_fields: ['work_unit'] }
  })

  const detail = (await api('GET', 'certificate.index/detail', { certificate_id: id })).data.detail
  expect(detail).toMatchObject({ title: '风水规划师（初级）', fee: 5000, required_fields: ['work_unit'] })
  expect(detail.requirements).toContain('从业一年以上')
  expect(detail.requirements).not.toContain('script')

  // Work unit required, education not: the form says so, and the fee is the one set.
  const me = await login(ctx.app, '报名风水规划师')
  const photo = (await uploadPrivate(ctx, me.token)).data.file_id
  expect(
    (await api('POST', 'certificate.apply/add', { certificate_id: id, ...form, photo_file_id: photo }, me.token)).msg
  ).toBe('请填写工作单位')
  expect(
    await ctx.database.db.select().from(certificateApplications).where(eq(certificateApplications.certificateId, id))
  ).toHaveLength(0)
  const applied = await api(
    'POST',
    'certificate.apply/add',
    { certificate_id: id, ...form, work_unit: '某设计院', photo_file_id: photo },
    me.token
  )
  expect(applied.data).toMatchObject({ status: 'unpaid', amount: 5000 })

  // A new fee and education required: new applications follow it, the one made keeps its amount.
  const seen = (await content.get('/certificate-type/lists')).data.list.find(
    (c: { certificate_id: number }) => c.certificate_id === id
  )
  const edit = await content.post('/certificate-type/edit', {
    ...fields({ fee_fen: 8000, required_fields: ['education', 'work_unit'] }),
    certificate_id: id,
    version: seen.version
  })
  expect(edit.code).toBe(1)
  expect(
    await owner.post('/certificate-type/edit', { ...fields({ fee_fen: 1 }), certificate_id: id, version: seen.version })
  ).toMatchObject({ code: 0, msg: MSG_STALE })
  expect((await api('GET', 'certificate.index/detail', { certificate_id: id })).data.detail).toMatchObject({
    fee: 8000,
    required_fields: ['education', 'work_unit']
  })
  const other = await login(ctx.app, '第二位报名者')
  const photo2 = (await uploadPrivate(ctx, other.token)).data.file_id
  expect(
    (
      await api(
        'POST',
        'certificate.apply/add',
        { certificate_id: id, ...form, work_unit: '某院', photo_file_id: photo2 },
        other.token
      )
    ).msg
  ).toBe('请选择学历')
  expect(
    (
      await api(
        'POST',
        'certificate.apply/add',
        { certificate_id: id, ...form, work_unit: '某院', education: '本科', photo_file_id: photo2 },
        other.token
      )
    ).data.amount
  ).toBe(8000)
  const [first] = await ctx.database.db
    .select()
    .from(certificateApplications)
    .where(eq(certificateApplications.id, applied.data.application_id))
  expect(first.amountFen).toBe(5000)
  expect((await auditOf('certificate_type.edit'))[0]).toMatchObject({
    before: { fee_fen: 5000 },
    after: { fee_fen: 8000 }
  })

  // Off the shelf: gone from the app.
  const now = (await content.get('/certificate-type/lists')).data.list.find(
    (c: { certificate_id: number }) => c.certificate_id === id
  )
  expect(
    (
      await content.post('/certificate-type/edit', {
        ...fields({ visible: false }),
        certificate_id: id,
        version: now.version
      })
    ).code
  ).toBe(1)
  expect((await api('GET', 'certificate.index/detail', { certificate_id: id })).msg).toBe('证书不存在或已下架')
})
