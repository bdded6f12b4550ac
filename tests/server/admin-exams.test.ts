import './helpers/native-modules'

import { count, desc, eq } from 'drizzle-orm'

import { MSG_STALE } from '../../server/core/envelope'
import { adminAuditLogs, examBanks, examQuestions } from '../../server/db/schema'
import { ensureInitialOwner } from '../../server/modules/admin/operators'
import { type AdminClient, adminLogin } from './helpers/admin'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'

// The context migrates and seeds a database and hashes passwords: slow on a loaded machine.
jest.setTimeout(300_000)

let ctx: TestContext
let owner: AdminClient
let content: AdminClient
const OWNER_PASSWORD = 'Owner-pass-1'

const api = (method: 'GET' | 'POST', action: string, params: Record<string, unknown> = {}, token?: string) =>
  call(ctx.app, method, `/api/${action}`, params, token)
const questionRows = async () => (await ctx.database.db.select({ n: count() }).from(examQuestions))[0].n
const auditOf = (action: string) =>
  ctx.database.db
    .select()
    .from(adminAuditLogs)
    .where(eq(adminAuditLogs.action, action))
    .orderBy(desc(adminAuditLogs.id))

const HEADER = '题型,题干,选项A,选项B,选项C,选项D,答案,解析'
const GOOD = [
  HEADER,
  '单选,天干共有几个？,八个,十个,十二个,六十个,B,"甲乙丙丁戊己庚辛壬癸，共十个。"',
  '多选,下列属于阳干的是？,甲,乙,丙,丁,AC,"甲、丙、戊、庚、壬为阳干。"',
  '判断,地支共有十二个。,,,,,正确,子丑寅卯辰巳午未申酉戌亥。',
  '判断题,"五行相生：木生金。",,,,,错,"木生火，金生水。\n（解析可以换行）"'
].join('\r\n')

async function newBank(name = '八字题库') {
  const saved = await content.post('/exam/bankSave', { name, topic: 'bazi', intro: '八字入门' })
  expect(saved.code).toBe(1)
  return saved.data as { id: number; version: number }
}

beforeAll(async () => {
  ctx = await createTestContext()
  await ensureInitialOwner(ctx.database.db, OWNER_PASSWORD)
  owner = (await adminLogin(ctx.app, 'admin', OWNER_PASSWORD)).client!
  expect(
    (await owner.post('/operator/add', { username: 'exam_editor', password: 'Secret-Pine-123', role: 'content' })).code
  ).toBe(1)
  content = (await adminLogin(ctx.app, 'exam_editor', 'Secret-Pine-123')).client!
})
afterAll(() => ctx.close())

test('only content editors and the owner keep banks and papers; an app token is not a session', async () => {
  const bank = await newBank('权限题库')
  const before = await questionRows()
  expect(
    (
      await ctx.app.inject({
        method: 'POST',
        url: '/api/admin/exam/questionImport',
        payload: { bank_id: bank.id, version: bank.version, csv: GOOD }
      })
    ).json().code
  ).toBe(-9999)
  const user = await login(ctx.app, '考试路人')
  expect(
    (
      await ctx.app.inject({ method: 'GET', url: '/api/admin/exam/banks', headers: { authorization: user.token } })
    ).json().code
  ).toBe(-9999)
  for (const role of ['operations', 'finance']) {
    expect(
      (await owner.post('/operator/add', { username: `exam_${role}`, password: 'Secret-Pine-123', role })).code
    ).toBe(1)
    const client = (await adminLogin(ctx.app, `exam_${role}`, 'Secret-Pine-123')).client!
    expect(
      await client.post('/exam/questionImport', { bank_id: bank.id, version: bank.version, csv: GOOD })
    ).toMatchObject({ code: 0, msg: '没有权限执行此操作' })
    expect(await client.get('/exam/papers')).toMatchObject({ code: 0, msg: '没有权限执行此操作' })
  }
  expect(await questionRows()).toBe(before)
})

test('a CSV with bad rows names each by its line and imports nothing', async () => {
  const bank = await newBank('坏文件题库')
  const before = [await questionRows(), (await auditOf('exam.import')).length]
  const bad = [
    HEADER,
    '单选,天干共有几个？,八个,十个,十二个,六十个,B,',
    '单选,缺答案的题,甲,乙,,,E,',
    '填空,不支持的题型,,,,,A,',
    '多选,只有一个答案的多选,甲,乙,丙,,A,',
    '判断,判断题答案写错,,,,,也许,'
  ].join('\n')
  const res = await content.post('/exam/questionImport', { bank_id: bank.id, version: bank.version, csv: bad })
  expect(res.code).toBe(0)
  expect(res.msg).toMatch(/^导入失败，4 行有误，没有导入任何题目。/)
  expect(res.msg).toContain('第 3 行：答案“E”不在选项中')
  expect(res.msg).toContain('第 4 行：题型应为 单选、多选 或 判断（现为“填空”）')
  expect(res.msg).toContain('第 5 行：多选题至少要有两个答案')
  expect(res.msg).toContain('第 6 行：判断题答案应为 正确 或 错误（现为“也许”）')
  expect(res.msg).not.toContain('第 2 行')
  expect(
    (await content.post('/exam/questionImport', { bank_id: bank.id, version: bank.version, csv: '题目,答案\n甲,A' }))
      .msg
  ).toMatch(/^第 1 行表头缺少 “题型”、“题干” 列/)
  expect((await content.post('/exam/questionImport', { bank_id: bank.id, version: bank.version, csv: '' })).msg).toBe(
    '题目文件不能为空'
  )
  expect([await questionRows(), (await auditOf('exam.import')).length]).toEqual(before)
  // Nothing written: the bank's version has not moved either.
  const [row] = await ctx.database.db.select().from(examBanks).where(eq(examBanks.id, bank.id))
  expect(row.version).toBe(bank.version)
})

test('a CSV-imported bank becomes a paper with its own time, pass and full mark the app sits and scores', async () => {
  const bank = await newBank()
  const imported = await content.post('/exam/questionImport', { bank_id: bank.id, version: bank.version, csv: GOOD })
  expect(imported.code).toBe(1)
  expect(imported.data.imported).toBe(4)
  expect((await auditOf('exam.import'))[0]).toMatchObject({
    operatorName: 'exam_editor',
    targetType: 'exam_bank',
    targetId: String(bank.id)
  })
  // The same version again is stale.
  expect((await content.post('/exam/questionImport', { bank_id: bank.id, version: bank.version, csv: GOOD })).msg).toBe(
    MSG_STALE
  )
  let version = imported.data.version

  const listed = (await content.get('/exam/questions', { bank_id: bank.id })).data.list
  expect(listed.map((q: { type: string; answer: number[] }) => [q.type, q.answer])).toEqual([
    ['single', [1]],
    ['multiple', [0, 2]],
    ['judge', [0]],
    ['judge', [1]]
  ])
  expect(listed[2].options).toEqual(['正确', '错误'])
  expect(listed[1].explanation).toBe('甲、丙、戊、庚、壬为阳干。')
  expect(listed[3].explanation).toBe('木生火，金生水。\n（解析可以换行）')
  const banks = (await content.get('/exam/banks')).data
  expect(banks.find((b: { bank_id: number }) => b.bank_id === bank.id)).toMatchObject({
    single: 1,
    multiple: 1,
    judge: 2
  })

  // One question written by hand, with a bad one refused first.
  expect(
    (
      await content.post('/exam/questionSave', {
        bank_id: bank.id,
        version,
        type: 'single',
        stem: '地支“子”对应的生肖是？',
        options: ['鼠', '牛'],
        answer: [0, 1]
      })
    ).msg
  ).toBe('单选题只能有一个答案')
  expect(
    (
      await content.post('/exam/questionSave', {
        bank_id: bank.id,
        version,
        type: 'single',
        stem: '',
        options: ['鼠', '牛'],
        answer: [0]
      })
    ).msg
  ).toBe('题干不能为空')
  const added = await content.post('/exam/questionSave', {
    bank_id: bank.id,
    version,
    type: 'single',
    stem: '地支“子”对应的生肖是？',
    options: ['鼠', '牛', '虎'],
    answer: [0],
    explanation: '子鼠丑牛。'
  })
  expect(added.code).toBe(1)
  version = added.data.version

  // A paper of 5 questions, 20 minutes, full mark 50, pass 30.
  expect(
    (
      await content.post('/exam/paperSave', {
        kind: 'exam',
        title: '八字小测',
        bank_id: bank.id,
        question_count: 6,
        duration_min: 20,
        pass_score: 30,
        full_score: 50
      })
    ).msg
  ).toBe('题库“八字题库”只有 5 道题，少于试卷的 6 题')
  expect(
    (
      await content.post('/exam/paperSave', {
        kind: 'exam',
        title: '八字小测',
        bank_id: bank.id,
        question_count: 5,
        duration_min: 20,
        pass_score: 60,
        full_score: 50
      })
    ).msg
  ).toBe('及格分不能高于满分')
  const paper = await content.post('/exam/paperSave', {
    kind: 'exam',
    title: '八字小测',
    summary: '五道题',
    bank_id: bank.id,
    question_count: 5,
    duration_min: 20,
    pass_score: 30,
    full_score: 50
  })
  expect(paper.code).toBe(1)
  const paperId = paper.data.id
  // Off the shelf until put on.
  expect((await api('GET', 'exam.paper/lists')).data.list.map((p: { paper_id: number }) => p.paper_id)).not.toContain(
    paperId
  )
  const me = await login(ctx.app, '考生甲')
  expect((await api('POST', 'exam.attempt/start', { paper_id: paperId }, me.token)).msg).toBe('试卷已下架')
  const on = await content.post('/exam/paperShelf', { paper_id: paperId, version: paper.data.version, visible: true })
  expect(on.code).toBe(1)
  expect((await auditOf('exam.paper_on'))[0]).toMatchObject({ targetType: 'exam_paper', targetId: String(paperId) })

  const card = (await api('GET', 'exam.paper/lists')).data.list.find(
    (p: { paper_id: number }) => p.paper_id === paperId
  )
  expect(card).toMatchObject({ question_count: 5, duration_sec: 1200, pass_score: 30, full_score: 50 })

  // The app draws the bank's questions; four right of five scores 40 of 50 and passes.
  const attempt = (await api('POST', 'exam.attempt/start', { paper_id: paperId }, me.token)).data.attempt
  expect(attempt.paper).toMatchObject({ full_score: 50, pass_score: 30, duration_sec: 1200 })
  expect(attempt.questions).toHaveLength(5)
  const rows = await ctx.database.db.select().from(examQuestions).where(eq(examQuestions.bankId, bank.id))
  const byId = new Map(rows.map((r) => [r.id, r]))
  for (const [i, q] of (attempt.questions as { question_id: number }[]).entries()) {
    const right = byId.get(q.question_id)!
    const answer = i === 0 ? [right.answer[0] === 0 ? 1 : 0] : right.answer
    expect(
      (
        await api(
          'POST',
          'exam.attempt/answer',
          { attempt_id: attempt.attempt_id, question_id: q.question_id, answer },
          me.token
        )
      ).code
    ).toBe(1)
  }
  const result = (await api('POST', 'exam.attempt/submit', { attempt_id: attempt.attempt_id }, me.token)).data.attempt
    .result
  expect(result).toMatchObject({ score: 40, full_score: 50, passed: true, correct_count: 4, total: 5 })
  const ranking = (await api('GET', 'exam.paper/ranking', { paper_id: paperId })).data
  expect(ranking.paper.full_score).toBe(50)
  expect(ranking.list[0]).toMatchObject({ score: 40 })

  // The console's results: the sitting with its score against the paper's pass mark.
  const results = (await content.get('/exam/results', { paper_id: paperId })).data
  expect(results.total).toBe(1)
  expect(results.list[0]).toMatchObject({ nickname: '考生甲', score: 40, passed: true, correct_count: 4, total: 5 })

  // A question someone has answered stays; the console tells why.
  const sat = attempt.questions[0].question_id
  expect((await content.post('/exam/questionDelete', { bank_id: bank.id, version, question_id: sat })).msg).toBe(
    '该题已有考生作答过，不能删除，可修改题目内容'
  )
  const papers = (await content.get('/exam/papers')).data
  expect(papers.find((p: { paper_id: number }) => p.paper_id === paperId)).toMatchObject({
    bank_name: '八字题库',
    attempts: 1,
    visible: true,
    full_score: 50
  })
})

test('the built-in papers read full mark 100 and keep drawing from their topics', async () => {
  const list = (await api('GET', 'exam.paper/lists')).data.list.filter((p: { title: string }) => p.title !== '八字小测')
  expect(list.map((p: { title: string; full_score: number }) => [p.title, p.full_score])).toContainEqual([
    '八字基础测试',
    100
  ])
  expect(list.every((p: { full_score: number }) => p.full_score === 100)).toBe(true)
})
