import './helpers/native-modules'

import { and, eq } from 'drizzle-orm'

import { certificateApplications, certificates, payments } from '../../server/db/schema'
import { reviewCertificateApplication } from '../../server/modules/certificate/review'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'
import { PRIVATE_LINK, uploadPrivate } from './helpers/upload'

let ctx: TestContext

beforeAll(async () => {
  ctx = await createTestContext()
})
afterAll(() => ctx.close())

const api = (method: 'GET' | 'POST', action: string, params: Record<string, unknown> = {}, token?: string) =>
  call(ctx.app, method, `/api/${action}`, params, token)
const bySlug = async (slug: string) =>
  (await ctx.database.db.select().from(certificates).where(eq(certificates.slug, slug)))[0]
const photoOf = async (token: string) => (await uploadPrivate(ctx, token)).data.file_id as number
// 11010519491231002X is the worked example of GB 11643-1999 (its check character is X).
const form = {
  name: '王小明',
  id_number: '11010519491231002x',
  mobile: '13700137000',
  education: '本科',
  work_unit: '杭州某设计院'
}

describe('certificate catalogue', () => {
  test('categories, a category list and the detail with requirements and fee', async () => {
    const cats = await api('GET', 'certificate.index/category')
    expect(cats.data.list.map((c: { name: string }) => c.name)).toEqual(['风水类', '命理类', '文化类'])
    const all = await api('GET', 'certificate.index/lists')
    expect(all.data.total).toBe(6)
    const mingli = await api('GET', 'certificate.index/lists', { category_id: cats.data.list[1].category_id })
    expect(mingli.data.list.map((c: { title: string }) => c.title)).toEqual(['命理分析师', '姓名策划师', '择日顾问'])
    const detail = await api('GET', 'certificate.index/detail', { certificate_id: mingli.data.list[0].certificate_id })
    expect(detail.data.detail).toMatchObject({
      title: '命理分析师',
      fee: 98000,
      category_name: '命理类',
      issuer: '中华易学文化研究会'
    })
    expect(detail.data.detail.requirements).toContain('<h2>报考条件</h2>')
    expect(detail.data.my_application).toBeNull()
    expect(await api('GET', 'certificate.index/detail', { certificate_id: 999999 })).toMatchObject({
      code: 0,
      msg: '证书不存在或已下架'
    })
    expect((await api('GET', 'certificate.index/lists', { category_id: 'a' })).msg).toBe('分类格式不正确')
  })
})

describe('applying', () => {
  test('apply with a photo, pay once however often, review: approved with a certificate number', async () => {
    const cert = await bySlug('mingli-analyst')
    const me = await login(ctx.app, '考证人')
    const photo = await photoOf(me.token)
    const applied = await api(
      'POST',
      'certificate.apply/add',
      { certificate_id: cert.id, ...form, photo_file_id: photo },
      me.token
    )
    expect(applied.data).toMatchObject({ status: 'unpaid', amount: 98000 })
    const id = applied.data.application_id
    expect((await bySlug('mingli-analyst')).applicants).toBe(cert.applicants + 1)

    // Sending the form again before paying corrects it; it stays one application.
    const again = await api(
      'POST',
      'certificate.apply/add',
      { certificate_id: cert.id, ...form, name: '王晓明', photo_file_id: photo },
      me.token
    )
    expect(again.data).toMatchObject({ application_id: id, status: 'unpaid' })
    expect((await bySlug('mingli-analyst')).applicants).toBe(cert.applicants + 1)

    const starts = await Promise.all(
      [1, 2].map(() => api('POST', 'certificate.apply/pay', { application_id: id }, me.token))
    )
    expect(starts.every((r) => r.code === 1 && r.data.amount_fen === 98000)).toBe(true)
    expect(starts[0].data.out_trade_no).toBe(starts[1].data.out_trade_no)
    await Promise.all(
      [1, 2, 3].map(() => api('POST', 'pay.sandbox/confirm', { out_trade_no: starts[0].data.out_trade_no }, me.token))
    )
    const paid = await ctx.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.bizType, 'certificate'), eq(payments.bizId, id)))
    expect(paid.map((p) => p.status)).toEqual(['paid'])
    expect(await api('POST', 'certificate.apply/pay', { application_id: id }, me.token)).toMatchObject({
      code: 0,
      msg: '该报名已缴费'
    })

    const view = (await api('GET', 'certificate.apply/detail', { application_id: id }, me.token)).data.application
    expect(view).toMatchObject({
      status: 'reviewing',
      name: '王晓明',
      id_number: '110105********002X',
      certificate_title: '命理分析师',
      certificate_no: ''
    })
    expect(view.photo).toMatch(PRIVATE_LINK)
    expect(
      await api('POST', 'certificate.apply/add', { certificate_id: cert.id, ...form, photo_file_id: photo }, me.token)
    ).toMatchObject({
      code: 0,
      msg: '您已报名该证书，请在“我的证书报名”中查看进度'
    })

    const approved = await reviewCertificateApplication(
      ctx.database.db,
      ctx.app.services.payments,
      ctx.app.services.notify,
      id,
      {
        approve: true
      }
    )
    expect(approved.certificateNo).toBe(`YX${new Date().getFullYear()}${String(id).padStart(6, '0')}`)
    await expect(
      reviewCertificateApplication(ctx.database.db, ctx.app.services.payments, ctx.app.services.notify, id, {
        approve: false,
        note: '资料不全'
      })
    ).rejects.toThrow('该申请已审核，不能重复处理')
    const mine = await api('GET', 'certificate.apply/lists', {}, me.token)
    expect(mine.data.list).toHaveLength(1)
    expect(mine.data.list[0]).toMatchObject({ status: 'approved', certificate_no: approved.certificateNo })
    expect(
      (await api('GET', 'certificate.index/detail', { certificate_id: cert.id }, me.token)).data.my_application
    ).toEqual({ application_id: id, status: 'approved' })
  })

  test('a rejection carries its reason and allows a new application', async () => {
    const cert = await bySlug('date-selection')
    const me = await login(ctx.app, '被驳回')
    const photo = await photoOf(me.token)
    const first = (
      await api('POST', 'certificate.apply/add', { certificate_id: cert.id, ...form, photo_file_id: photo }, me.token)
    ).data.application_id
    await ctx.database.db
      .update(certificateApplications)
      .set({ status: 'reviewing' })
      .where(eq(certificateApplications.id, first))
    await expect(
      reviewCertificateApplication(ctx.database.db, ctx.app.services.payments, ctx.app.services.notify, first, {
        approve: false,
        note: ' '
      })
    ).rejects.toThrow('驳回时请填写原因')
    await reviewCertificateApplication(ctx.database.db, ctx.app.services.payments, ctx.app.services.notify, first, {
      approve: false,
      note: '证件照不清晰，请重新上传'
    })
    expect(
      (await api('GET', 'certificate.apply/detail', { application_id: first }, me.token)).data.application
    ).toMatchObject({ status: 'rejected', review_note: '证件照不清晰，请重新上传' })
    const second = await api(
      'POST',
      'certificate.apply/add',
      { certificate_id: cert.id, ...form, photo_file_id: photo },
      me.token
    )
    expect(second.code).toBe(1)
    expect(second.data.application_id).not.toBe(first)
  })

  test('own data only: another user cannot see, pay or use my photo', async () => {
    const cert = await bySlug('naming-planner')
    const me = await login(ctx.app, '本人')
    const other = await login(ctx.app, '他人')
    const photo = await photoOf(me.token)
    const id = (
      await api('POST', 'certificate.apply/add', { certificate_id: cert.id, ...form, photo_file_id: photo }, me.token)
    ).data.application_id
    expect(await api('GET', 'certificate.apply/detail', { application_id: id }, other.token)).toMatchObject({
      code: 0,
      msg: '报名记录不存在'
    })
    expect(await api('POST', 'certificate.apply/pay', { application_id: id }, other.token)).toMatchObject({
      code: 0,
      msg: '报名记录不存在'
    })
    expect((await api('GET', 'certificate.apply/lists', {}, other.token)).data.total).toBe(0)
    expect(
      await api(
        'POST',
        'certificate.apply/add',
        { certificate_id: cert.id, ...form, photo_file_id: photo },
        other.token
      )
    ).toMatchObject({
      code: 0,
      msg: '照片不存在，请重新上传'
    })
  })

  test('bad input names the field and writes nothing; login is needed', async () => {
    const cert = await bySlug('yijing-lecturer')
    const me = await login(ctx.app, '乱填的人')
    const photo = await photoOf(me.token)
    const base = { certificate_id: cert.id, ...form, photo_file_id: photo }
    const msg = async (patch: Record<string, unknown>) =>
      (await api('POST', 'certificate.apply/add', { ...base, ...patch }, me.token)).msg
    // Check character changed from X to 1: the checksum fails.
    expect(await msg({ id_number: '110105194912310021' })).toBe('身份证号格式不正确')
    expect(await msg({ id_number: '110105194902300020' })).toBe('身份证号格式不正确')
    expect(await msg({ id_number: '' })).toBe('身份证号不能为空')
    expect(await msg({ name: '王' })).toBe('姓名至少 2 个字')
    expect(await msg({ mobile: '1370013700' })).toBe('手机号码格式不正确')
    expect(await msg({ education: '小学' })).toBe('学历不正确')
    expect(await msg({ photo_file_id: '' })).toBe('照片不能为空')
    expect(await msg({ certificate_id: 999999 })).toBe('证书不存在或已下架')
    expect((await api('POST', 'certificate.apply/add', base)).code).toBe(-9999)
    expect(
      await ctx.database.db.select().from(certificateApplications).where(eq(certificateApplications.userId, me.userId))
    ).toHaveLength(0)
    expect((await bySlug('yijing-lecturer')).applicants).toBe(cert.applicants)
  })
})
