import './helpers/native-modules'

import { eq } from 'drizzle-orm'

import { MSG_NOT_OWNER } from '../../server/core/envelope'
import { baziReports } from '../../server/db/schema'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'

let ctx: TestContext
let owner: { userId: number; token: string }
let other: { userId: number; token: string }
let paidId: number
let pendingId: number

const BIRTH = { gender: 'male', date: '1990-05-15 14:30', city: '北京' }

/** A saved record and its report, paid (the sandbox confirms at once) or left open. */
async function report(token: string, name: string, pay: boolean): Promise<number> {
  const rec = (await call(ctx.app, 'POST', '/api/tools.index/saveBazi', { name, ...BIRTH }, token)).data
  const started = await call(ctx.app, 'POST', '/api/tools.index/pay', { record_id: rec.id }, token)
  if (pay)
    expect(
      (await call(ctx.app, 'POST', '/api/pay.sandbox/confirm', { out_trade_no: started.data.pay.out_trade_no }, token))
        .code
    ).toBe(1)
  return started.data.report_id
}

/** The path and query of a link the server handed out (the tests talk to the app, not its public address). */
const pathOf = (url: string) => {
  const u = new URL(url)
  return u.pathname + u.search
}

beforeAll(async () => {
  ctx = await createTestContext()
  owner = await login(ctx.app, '报告主人')
  other = await login(ctx.app, '旁人')
  paidId = await report(owner.token, '张三', true)
  pendingId = await report(owner.token, '未付', false)
})
afterAll(() => ctx.close())

describe('the report as a PDF', () => {
  it('gives its owner an A4 PDF with the Chinese font embedded as a subset, cover and contents first', async () => {
    const link = await call(ctx.app, 'GET', '/api/tools.report/pdfLink', { id: paidId }, owner.token)
    expect(link.code).toBe(1)
    expect(link.data.file_name).toBe('张三的八字详批报告.pdf')
    expect(link.data.url).toMatch(/\/api\/tools\.report\/pdf\?id=\d+&exp=\d+&sig=[\w-]{43}$/)
    expect(Date.parse(link.data.expires_at)).toBeGreaterThan(Date.now())

    const res = await ctx.app.inject({ method: 'GET', url: pathOf(link.data.url) })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    expect(String(res.headers['content-disposition'])).toContain(
      `filename*=UTF-8''${encodeURIComponent('张三的八字详批报告.pdf')}`
    )
    const pdf = res.rawPayload
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    expect(pdf.subarray(-6).toString('latin1')).toMatch(/%%EOF\s*$/)
    expect(pdf.length).toBeLessThan(1024 * 1024)
    const text = pdf.toString('latin1')
    // a page object each: cover, contents, then a page or more per chapter
    const pages = text.match(/\/Type \/Page\b(?!s)/g) ?? []
    expect(pages.length).toBeGreaterThan(10)
    expect(Number(/\/Type \/Pages\s*\/Count (\d+)/.exec(text)?.[1])).toBe(pages.length)
    // A4 in points
    expect(text).toContain('/MediaBox [0 0 595.28 841.89]')
    // the font is a subset (six capital letters and '+') and its file is in the PDF, no other font is used
    const fonts = [...text.matchAll(/\/BaseFont \/([^\s/]+)/g)].map((m) => m[1])
    expect(fonts.length).toBeGreaterThan(0)
    for (const f of fonts) expect(f).toMatch(/^[A-Z]{6}\+NotoSansSC-(Regular|Bold)$/)
    expect(text).toContain('/FontFile2')
    expect(text).not.toMatch(/Helvetica|Times-Roman/)
    // the contents link to the chapters, and the chapters are bookmarked
    expect(text).toMatch(/\/S \/GoTo/)
    expect(text).toContain('/Outlines')
  })

  it('draws a report once per version: the same bytes again until its text changes', async () => {
    const url = pathOf((await call(ctx.app, 'GET', '/api/tools.report/pdfLink', { id: paidId }, owner.token)).data.url)
    const [a, b] = await Promise.all([ctx.app.inject({ method: 'GET', url }), ctx.app.inject({ method: 'GET', url })])
    expect(a.rawPayload.equals(b.rawPayload)).toBe(true)
    // the model's sections written: a new version, drawn anew with them
    await ctx.database.db
      .update(baziReports)
      .set({
        narrativeStatus: 'done',
        narrativeAt: new Date(),
        narrative: '【格局与用神】\n模型写的格局一段。\n【六亲】\n模型写的六亲一段。'
      })
      .where(eq(baziReports.id, paidId))
    const c = await ctx.app.inject({ method: 'GET', url })
    expect(c.statusCode).toBe(200)
    expect(c.rawPayload.equals(a.rawPayload)).toBe(false)
  })

  it('is refused to another user, for a report not paid, and for a link that is not ours', async () => {
    const theirs = await call(ctx.app, 'GET', '/api/tools.report/pdfLink', { id: paidId }, other.token)
    expect(theirs).toMatchObject({ code: 0, msg: MSG_NOT_OWNER })
    const unpaid = await call(ctx.app, 'GET', '/api/tools.report/pdfLink', { id: pendingId }, owner.token)
    expect(unpaid).toMatchObject({ code: 0, msg: '报告尚未支付' })
    expect((await call(ctx.app, 'GET', '/api/tools.report/pdfLink', { id: paidId })).code).toBe(-9999)
    expect((await call(ctx.app, 'GET', '/api/tools.report/pdfLink', { id: 'x' }, owner.token)).msg).toBe(
      '编号格式不正确'
    )

    const url = new URL((await call(ctx.app, 'GET', '/api/tools.report/pdfLink', { id: paidId }, owner.token)).data.url)
    const refused = async (change: (q: URLSearchParams) => void) => {
      const q = new URLSearchParams(url.search)
      change(q)
      const res = await ctx.app.inject({ method: 'GET', url: `${url.pathname}?${q}` })
      expect(res.statusCode).toBe(403)
      expect(res.headers['content-type']).toMatch(/^text\/plain/)
      expect(res.body).toContain('报告下载链接无效或已过期')
    }
    // the link of one report does not open another, nor past its expiry, nor without its signature
    await refused((q) => q.set('id', String(pendingId)))
    await refused((q) => q.set('exp', String(Number(q.get('exp')) + 60)))
    await refused((q) => q.set('exp', String(Math.floor(Date.now() / 1000) - 60)))
    await refused((q) => q.delete('sig'))
    await refused((q) => q.set('id', 'abc'))
  })
})
