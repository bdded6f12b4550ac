import './helpers/native-modules'

import { eq } from 'drizzle-orm'

import { articles, users } from '../../server/db/schema'
import { ensureInitialOwner } from '../../server/modules/admin/operators'
import { MSG_AVATAR_NOT_OURS } from '../../server/modules/user'
import { adminLogin } from './helpers/admin'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'
import { PNG, upload } from './helpers/upload'

let ctx: TestContext
beforeAll(async () => {
  ctx = await createTestContext()
})
afterAll(() => ctx.close())

describe('control characters', () => {
  test('NUL and other control characters are refused by the field’s name, and nothing is written', async () => {
    const me = await login(ctx.app, '控制字符')
    for (const [nickname, expected] of [
      ['张\u0000三', '昵称不能包含控制字符'],
      ['张\u0007三', '昵称不能包含控制字符'],
      ['张\u001b[31m三', '昵称不能包含控制字符'],
      ['张\u007f三', '昵称不能包含控制字符']
    ])
      expect(await call(ctx.app, 'POST', '/api/user.user/updateInfo', { nickname }, me.token)).toEqual({
        code: 0,
        msg: expected,
        data: {}
      })
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, me.userId))
    expect(row.nickname).toBe('控制字符')

    // A field a route reads with a plain string schema (not text()) is refused the same way: before, PostgreSQL
    // refused the NUL in the insert and the user read 服务器繁忙.
    const address = await call(
      ctx.app,
      'POST',
      '/api/user.address/add',
      {
        name: '王五',
        mobile: '13800138000',
        province_code: '110000',
        city_code: '110100',
        district_code: '110105',
        detail: '建国路\u00001号院'
      },
      me.token
    )
    expect(address).toEqual({ code: 0, msg: '详细地址不能包含控制字符', data: {} })
  })

  test('tabs and line breaks stay allowed where text spans lines', async () => {
    const me = await login(ctx.app, '多行文字')
    const [category] = (await call(ctx.app, 'GET', '/api/article.category/lists')).data.list
    const content = '第一段写一些字\n\t第二段，写满十个字以上的正文\r\n第三段'
    const written = await call(
      ctx.app,
      'POST',
      '/api/article.Article/publish',
      { title: '多行的文章', content, category_id: category.category_id },
      me.token
    )
    expect(written.code).toBe(1)
    const [row] = await ctx.database.db.select().from(articles).where(eq(articles.userId, me.userId))
    // Accepted, and its lines became paragraphs.
    expect(row.content).toContain('<p>第二段')
  })

  test('a one-line field refuses a line break or a tab by name; an address on two lines is kept on one', async () => {
    const me = await login(ctx.app, '单行文字')
    for (const nickname of ['张\n三', '张\t三', '张\r\n三', '张\u2028三'])
      expect(await call(ctx.app, 'POST', '/api/user.user/updateInfo', { nickname }, me.token)).toEqual({
        code: 0,
        msg: '昵称不能包含换行或制表符',
        data: {}
      })
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, me.userId))
    expect(row.nickname).toBe('单行文字')

    const address = {
      mobile: '13800138000',
      province_code: '110000',
      city_code: '110100',
      district_code: '110105',
      detail: '建国路\n1号院\t3单元'
    }
    expect((await call(ctx.app, 'POST', '/api/user.address/add', { ...address, name: '王\t五' }, me.token)).code).toBe(
      0
    )
    expect((await call(ctx.app, 'POST', '/api/user.address/add', { ...address, name: '王五' }, me.token)).code).toBe(1)
    const list = (await call(ctx.app, 'GET', '/api/user.address/lists', {}, me.token)).data.list
    expect(list.map((a: { detail: string }) => a.detail)).toEqual(['建国路 1号院 3单元'])
  })

  test('a console field is named in the console’s own words', async () => {
    await ensureInitialOwner(ctx.database.db, 'Input-owner-2025')
    const owner = (await adminLogin(ctx.app, 'admin', 'Input-owner-2025')).client!
    expect(await owner.post('/article/columnSave', { name: '易学\u0000栏目' })).toEqual({
      code: 0,
      msg: '栏目名称不能包含控制字符',
      data: {}
    })
  })
})

describe('avatars', () => {
  test('only a picture uploaded here becomes an avatar; another site’s address is refused', async () => {
    const me = await login(ctx.app, '头像用户')
    const update = (avatar: string) => call(ctx.app, 'POST', '/api/user.user/updateInfo', { avatar }, me.token)
    for (const foreign of [
      'https://evil.example.com/a.png',
      `https://evil.example.com/?${ctx.config.publicUrl}/uploads/a.png`,
      `${ctx.config.publicUrl}/uploads/../../etc/passwd`,
      `${ctx.config.publicUrl}/static/demo/x.png`,
      `//evil.example.com${ctx.config.publicUrl}/uploads/a.png`
    ])
      expect(await update(foreign)).toMatchObject({ code: 0 })
    expect((await update('https://evil.example.com/a.png')).msg).toBe(MSG_AVATAR_NOT_OURS)
    const [before] = await ctx.database.db.select().from(users).where(eq(users.id, me.userId))
    expect(before.avatar).not.toMatch(/evil/)

    const url: string = (await upload(ctx, me.token, 'file', 'a.png', PNG)).data.url
    expect(await update(url)).toMatchObject({ code: 1, data: { user: { avatar: url } } })
  })
})
