import './helpers/native-modules'

import { and, eq } from 'drizzle-orm'

import { associations, membershipApplications, payments } from '../../server/db/schema'
import { reviewMembershipApplication } from '../../server/modules/association/review'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'
import { uploadPrivate } from './helpers/upload'

let ctx: TestContext

beforeAll(async () => {
  ctx = await createTestContext()
})
afterAll(() => ctx.close())

const api = (method: 'GET' | 'POST', action: string, params: Record<string, unknown> = {}, token?: string) =>
  call(ctx.app, method, `/api/${action}`, params, token)
const fileOf = async (token: string) => (await uploadPrivate(ctx, token)).data.file_id as number
const members = async () =>
  (await ctx.database.db.select().from(associations).where(eq(associations.slug, 'main')))[0].members
// 11010519491231002X is the worked example of GB 11643-1999.
const full = (photo: number, extra: Record<string, unknown> = {}) => ({
  kind: 'full',
  name: '陈静',
  mobile: '13600136000',
  id_number: '11010519491231002X',
  gender: '女',
  education: '硕士',
  specialty: '八字命理',
  intro: '从事命理研究八年，出版过两本入门读物。',
  photo_file_id: photo,
  ...extra
})

describe('the association', () => {
  test('introduction and what membership gives', async () => {
    const detail = await api('GET', 'association.index/detail')
    expect(detail.data).toMatchObject({ name: '中华易学文化研究会', founded_year: 2012, dues: 30000 })
    expect(detail.data.intro).toContain('<h2>我们做什么</h2>')
    expect(detail.data.logo).toMatch(/^http:\/\/.+\/static\/demo\/association\/logo\.png$/)
    const induction = await api('GET', 'association.index/induction')
    expect(induction.data.benefits).toHaveLength(6)
    expect(induction.data.benefits[0]).toEqual({ title: '会员证书', text: '颁发电子会员证，可在本平台查询与展示' })
    expect(induction.data.steps[1]).toBe('缴纳年度会费（快速入会免缴）')
  })
})

describe('membership', () => {
  test('full application: dues paid once, reviewed, then a member card', async () => {
    const me = await login(ctx.app, '正式会员')
    const photo = await fileOf(me.token)
    const doc = await fileOf(me.token)
    const before = await members()
    const applied = await api('POST', 'association.apply/add', full(photo, { attachment_file_ids: [doc] }), me.token)
    expect(applied.data).toMatchObject({ status: 'unpaid', amount: 30000 })
    const id = applied.data.application_id
    const [row] = await ctx.database.db.select().from(membershipApplications).where(eq(membershipApplications.id, id))
    expect(row.attachments).toHaveLength(1)
    // Stored encrypted; the key opens it.
    expect(row.idNumber).toMatch(/^v1:/)
    expect(ctx.app.services.dataCipher.open(row.idNumber, 'id_number')).toBe('11010519491231002X')

    const starts = await Promise.all(
      [1, 2].map(() => api('POST', 'association.apply/pay', { application_id: id }, me.token))
    )
    expect(starts[0].data.out_trade_no).toBe(starts[1].data.out_trade_no)
    await Promise.all(
      [1, 2, 3].map(() => api('POST', 'pay.sandbox/confirm', { out_trade_no: starts[0].data.out_trade_no }, me.token))
    )
    const paid = await ctx.database.db
      .select()
      .from(payments)
      .where(and(eq(payments.bizType, 'membership'), eq(payments.bizId, id)))
    expect(paid.map((p) => p.status)).toEqual(['paid'])
    expect((await api('GET', 'association.apply/mine', {}, me.token)).data.application).toMatchObject({
      status: 'reviewing',
      card: null
    })
    expect(await api('POST', 'association.apply/pay', { application_id: id }, me.token)).toMatchObject({
      code: 0,
      msg: '会费已缴纳或无需缴纳'
    })
    expect(await api('POST', 'association.apply/add', full(photo), me.token)).toMatchObject({
      code: 0,
      msg: '您已提交入会申请，请勿重复提交'
    })

    await reviewMembershipApplication(ctx.database.db, ctx.app.services.payments, ctx.app.services.notify, id, {
      approve: true
    })
    expect(await members()).toBe(before + 1)
    const card = (await api('GET', 'association.apply/mine', {}, me.token)).data.application.card
    expect(card).toMatchObject({
      name: '陈静',
      association: '中华易学文化研究会',
      member_no: `HY${new Date().getFullYear()}${String(id).padStart(6, '0')}`
    })
    expect(new Date(card.valid_until).getTime() - new Date(card.since).getTime()).toBe(365 * 24 * 3_600_000)
    await expect(
      reviewMembershipApplication(ctx.database.db, ctx.app.services.payments, ctx.app.services.notify, id, {
        approve: true
      })
    ).rejects.toThrow('该申请已审核，不能重复处理')
  })

  test('quick application goes straight to review; a rejection allows a new one', async () => {
    const me = await login(ctx.app, '快速入会')
    const applied = await api(
      'POST',
      'association.apply/add',
      { kind: 'easy', name: '赵六', mobile: '13500135000', specialty: '风水' },
      me.token
    )
    expect(applied.data).toMatchObject({ status: 'reviewing', amount: 0 })
    await reviewMembershipApplication(
      ctx.database.db,
      ctx.app.services.payments,
      ctx.app.services.notify,
      applied.data.application_id,
      {
        approve: false,
        note: '请补充从业经历'
      }
    )
    expect((await api('GET', 'association.apply/mine', {}, me.token)).data.application).toMatchObject({
      status: 'rejected',
      review_note: '请补充从业经历'
    })
    expect(
      (await api('POST', 'association.apply/add', { kind: 'easy', name: '赵六', mobile: '13500135000' }, me.token)).code
    ).toBe(1)
  })

  test('concurrent applications of one user make one', async () => {
    const me = await login(ctx.app, '连点三下')
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        api('POST', 'association.apply/add', { kind: 'easy', name: '孙七', mobile: '13500135001' }, me.token)
      )
    )
    expect(results.filter((r) => r.code === 1)).toHaveLength(1)
    expect(
      await ctx.database.db.select().from(membershipApplications).where(eq(membershipApplications.userId, me.userId))
    ).toHaveLength(1)
  })

  test('own data only, bad input names the field and writes nothing', async () => {
    const me = await login(ctx.app, '申请人')
    const other = await login(ctx.app, '冒用者')
    const photo = await fileOf(me.token)
    expect((await api('GET', 'association.apply/mine', {}, other.token)).data.application).toBeNull()
    expect((await api('POST', 'association.apply/add', full(photo), other.token)).msg).toBe('照片不存在，请重新上传')
    const id = (await api('POST', 'association.apply/add', full(photo), me.token)).data.application_id
    expect(await api('POST', 'association.apply/pay', { application_id: id }, other.token)).toMatchObject({
      code: 0,
      msg: '入会申请不存在'
    })

    const msg = async (body: Record<string, unknown>) =>
      (await api('POST', 'association.apply/add', body, other.token)).msg
    expect(await msg({ kind: 'vip', name: '钱八', mobile: '13500135002' })).toBe('类别不正确')
    expect(await msg({ kind: 'easy', name: '钱', mobile: '13500135002' })).toBe('姓名至少 2 个字')
    expect(await msg(full(photo, { id_number: '110105194912310021' }))).toBe('身份证号格式不正确')
    expect(await msg(full(photo, { gender: '未知' }))).toBe('性别不正确')
    expect(await msg(full(photo, { intro: '太短' }))).toBe('个人简介至少 10 个字')
    expect(await msg(full(photo, { attachment_file_ids: [1, 2, 3, 4, 5, 6, 7] }))).toBe('附件最多 6 个')
    expect(
      (await api('POST', 'association.apply/add', { kind: 'easy', name: '钱八', mobile: '13500135002' })).code
    ).toBe(-9999)
    expect(
      await ctx.database.db.select().from(membershipApplications).where(eq(membershipApplications.userId, other.userId))
    ).toHaveLength(0)
  })
})
