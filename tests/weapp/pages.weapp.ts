import { MiniProgram } from './harness'
import { api } from './harness/api'
import { startTestServer, type TestServer } from './harness/server'

/**
 * Every page of dist/weapp opened with its usual query in the headless runtime: it runs without an
 * exception or unhandled rejection, calls no wx API the runtime lacks, and shows text.
 */
let server: TestServer
let mp: MiniProgram
let queries: Record<string, Record<string, string | number>>

beforeAll(async () => {
  server = await startTestServer()
  mp = await MiniProgram.launch({ server: server.url, user: { nickname: '页面巡检' } })
  const { token } = mp.storage('Authorization') as { token: string }
  const first = async (method: 'GET' | 'POST', path: string, params: Record<string, unknown> = {}) =>
    (await api(server.url, method, path, params, token)).list[0]
  const goods = await first('GET', '/api/product.product/lists')
  const course = await first('POST', '/api/course.index/getList')
  const klass = await first('GET', '/api/course.offline/lists')
  const certificate = await first('GET', '/api/certificate.index/lists')
  const teacher = await first('GET', '/api/teacher.index/lists')
  const service = await first('GET', '/api/service.index/lists')
  const article = await first('GET', '/api/article.Article/lists')
  const coupon = await first('GET', '/api/coupon.coupon/lists')
  const paper = await first('GET', '/api/exam.paper/lists')
  const activity = await first('GET', '/api/share.share/activity')
  const record = await api(
    server.url,
    'POST',
    '/api/tools.index/saveBazi',
    { name: '张三', gender: 'male', date: '1990-05-17 08:30' },
    token
  )
  const courseOrder = await api(server.url, 'POST', '/api/course.order/add', { course_id: course.course_id }, token)
  const payment = await api(server.url, 'POST', '/api/course.order/pay', { order_id: courseOrder.order_id }, token)
  const ids = {
    goods_id: goods.goods_id,
    course_id: course.course_id,
    class_id: klass.class_id,
    certificate_id: certificate.certificate_id,
    teacher_id: teacher.teacher_id
  }
  queries = {
    'goods/pages/goods/goods': { goods_id: ids.goods_id },
    'pages/course/detail': { course_id: ids.course_id },
    'live/pages/recorded/detail': { course_id: ids.course_id },
    'live/pages/recorded/order': { course_id: ids.course_id },
    'pages/course/detailService': { class_id: ids.class_id },
    'certificate/pages/detail': { certificate_id: ids.certificate_id },
    'certificate/pages/apply': { certificate_id: ids.certificate_id },
    'teacher/pages/detail': { teacher_id: ids.teacher_id },
    'teacher/pages/house-fengshui': { teacher_id: ids.teacher_id },
    'pages/majorPlan/detail': { service_id: service.service_id },
    'pages/majorPlan/reservation': { service_id: service.service_id, teacher_id: ids.teacher_id },
    'pages/article/detail': { article_id: article.article_id },
    'goods/pages/coupon/detail': { coupon_id: coupon.coupon_id },
    'pages/examination/examination': { paper_id: paper.paper_id },
    'pages/examination/ranking': { paper_id: paper.paper_id },
    'activity/pages/detail': { activity_id: activity.activity_id },
    'pages/activity/success': { activity_id: activity.activity_id },
    'pages/bazi/plate': { record_id: record.id },
    'calculation/pages/index': { record_id: record.id },
    'pages/bazi/components/index/aiAnalysis/index': { record_id: record.id },
    'pages/text/text': { key: 'withdraw-rule' },
    'live/pages/recorded/payment': { order_id: courseOrder.order_id },
    'pages/pay/pay': { out_trade_no: payment.out_trade_no },
    'goods/pages/search/search': { name: '罗盘' }
  }
}, 120000)

afterAll(async () => {
  mp?.close()
  await server?.close()
})

const TAB_BAR = '首页 服务 课程 证书 商城 我的'
const routeTitle = (route: string): string =>
  require('../../contract/routes').ROUTES.find((r: { path: string }) => r.path === route)?.title ?? ''

const routes = (): string[] => {
  const app = require('../../dist/weapp/app.json')
  return [
    ...app.pages,
    ...app.subPackages.flatMap((s: { root: string; pages: string[] }) => s.pages.map((p) => `${s.root}/${p}`))
  ]
}

test.each(routes())('%s opens and shows its content', async (route) => {
  const query = new URLSearchParams(Object.entries(queries[route] ?? {}).map(([k, v]) => [k, String(v)])).toString()
  const errorsBefore = mp.errors.length
  const logBefore = mp.log.length
  await mp.reLaunch(`/${route}${query ? `?${query}` : ''}`)
  expect(mp.top?.route).toBe(route)
  expect(mp.errors.slice(errorsBefore)).toEqual([])
  expect(mp.unimplemented).toEqual([])
  // WeChat's runtime budgets: setData per call, nodes per page, requests at once, time-outs.
  expect(mp.breaches.filter((b) => b.route === route)).toEqual([])
  // Opening a page asks the server nothing it refuses (a refusal shows as a toast).
  expect(mp.log.slice(logBefore).filter((e) => e.kind === 'toast')).toEqual([])
  const text = mp.text()
  // More than the navigation bar's title (and the tab bar): the page rendered its body.
  const title = routeTitle(route)
  expect(text.replace(title, '').replace(TAB_BAR, '').trim()).not.toBe('')
  expect(text).not.toMatch(/undefined|NaN|\[object Object\]/)
  if (process.env.WEAPP_SHOW_TEXT)
    console.log(
      route,
      text.slice(0, 300),
      JSON.stringify(mp.log.slice(logBefore).filter((e) => !['request', 'loading', 'title'].includes(e.kind)))
    )
})

test('every wx API the pages called is in the declared minimum base library and not deprecated', () => {
  expect(mp.apiCalls).toEqual(expect.arrayContaining(['request', 'login', 'getWindowInfo']))
  expect(mp.ruleBreaches()).toEqual([])
  // Over 100 KB WeChat's Audits panel warns; none of our pages comes near.
  expect(mp.warnings).toEqual([])
})
