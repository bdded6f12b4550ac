import vm from 'node:vm'

import { MiniProgram, realProcess } from './harness'
import { startTestServer, type TestServer } from './harness/server'

/** The runtime's own checks can fail: what it must notice, it notices. */
let server: TestServer
let mp: MiniProgram
beforeAll(async () => {
  server = await startTestServer()
  mp = await MiniProgram.launch({ server: server.url })
}, 120000)
afterAll(async () => {
  mp?.close()
  await server?.close()
})

const run = (code: string) => new vm.Script(code).runInContext(mp.service.context)

test('an unhandled rejection in the logic layer is reported', async () => {
  // Jest fails a test on an unhandled rejection by itself: here the runtime alone must see it.
  const jestListeners = realProcess.listeners('unhandledRejection')
  realProcess.removeAllListeners('unhandledRejection')
  try {
    const before = mp.errors.length
    mp.watchRejections()
    run(`Promise.reject(new Error('lost promise'))`)
    await new Promise((r) => setTimeout(r, 50))
    expect(String(mp.errors.slice(before))).toContain('lost promise')
  } finally {
    realProcess.removeAllListeners('unhandledRejection')
    for (const l of jestListeners) realProcess.on('unhandledRejection', l)
  }
})

test('a throwing timer callback is reported', async () => {
  const before = mp.errors.length
  run(`setTimeout(() => { throw new Error('timer broke') }, 0)`)
  await new Promise((r) => setTimeout(r, 30))
  expect(String(mp.errors.slice(before))).toContain('timer broke')
})

test('a wx API the runtime does not model is recorded and fails like WeChat', async () => {
  const result = await run(`new Promise((resolve) => wx.openBluetoothAdapter({ fail: resolve }))`)
  expect(result).toEqual({ errMsg: 'openBluetoothAdapter:fail not supported by the headless runtime' })
  expect(mp.unimplemented).toContain('openBluetoothAdapter')
  mp.wxApi.unimplemented.delete('openBluetoothAdapter')
})

test('a 订阅消息 ask outside a tap (an await later, a timer) fails at once, as WeChat refuses it', async () => {
  const result = await run(
    `new Promise((resolve) => setTimeout(() => wx.requestSubscribeMessage({ tmplIds: ['T1'], fail: resolve }), 0))`
  )
  expect(result).toEqual({ errMsg: 'requestSubscribeMessage:fail can only be invoked by user TAP gesture.' })
  expect(mp.log.some((e) => e.kind === 'requestSubscribeMessage')).toBe(false)
})

test('the build has no browser globals in the logic layer', () => {
  expect(run('typeof document')).toBe('undefined')
  expect(run('typeof window')).toBe('undefined')
})

test('navigation keeps WeChat rules: unknown pages fail, the stack grows and shrinks', async () => {
  const fail = await run(`new Promise((resolve) => wx.navigateTo({ url: '/pages/nope/nope', fail: resolve }))`)
  expect(fail).toEqual({ errMsg: 'navigateTo:fail page "pages/nope/nope" is not found' })
  await mp.reLaunch('/pages/about/about')
  await run(`new Promise((resolve) => wx.navigateTo({ url: '/pages/about/contract', success: resolve }))`)
  await mp.settle()
  expect(mp.stack.map((p) => p.route)).toEqual(['pages/about/about', 'pages/about/contract'])
  await mp.back()
  expect(mp.stack.map((p) => p.route)).toEqual(['pages/about/about'])
})

test('a privacy "agree" without a tap on its consent button is an error, and WeChat refuses the API', async () => {
  const other = await MiniProgram.launch({ server: server.url, privacyAgreed: false })
  try {
    // The app's listener answers "agree" by itself (no button tapped): WeChat does not accept that.
    const result = await new vm.Script(
      `wx.onNeedPrivacyAuthorization((resolve) => resolve({ event: 'agree', buttonId: 'made-up' }));
       new Promise((resolve) => wx.requirePrivacyAuthorize({ fail: resolve }))`
    ).runInContext(other.service.context)
    expect(result).toMatchObject({
      errMsg: 'requirePrivacyAuthorize:fail privacy permission is not authorized',
      errno: 104
    })
    expect(String(other.errors)).toContain('without a tap on its agreePrivacyAuthorization button')
  } finally {
    other.close()
  }
})

test('a file cannot require another package directly, as in WeChat; require.async reaches it', async () => {
  // One subpackage into another, and the main package into a subpackage: both refused.
  expect(() => mp.service.require('../tools/engine.js', 'pages/bazi/bazi.js')).toThrow(
    'only require.async reaches another package'
  )
  expect(() => mp.service.require('./pages/tools/engine.js', 'common.js')).toThrow(
    'only require.async reaches another package'
  )
  await expect(mp.service.requireAsync('../tools/engine.js', 'pages/bazi/bazi.js')).resolves.toBeDefined()
})

test('a page that computes loads the calculation engine and shared code from one subpackage each, once', async () => {
  const fresh = await MiniProgram.launch({ server: server.url })
  const both = ['pages/my/shared.js', 'pages/tools/engine.js']
  try {
    await fresh.reLaunch('/pages/qmdj/paipan')
    expect([...fresh.service.asyncLoads].sort()).toEqual(both)
    expect(fresh.text()).not.toContain('加载中')
    await fresh.reLaunch('/pages/tools/huangli')
    expect(fresh.text()).toMatch(/宜/)
    expect([...fresh.service.asyncLoads].sort()).toEqual(both)
    expect(fresh.errors).toEqual([])
  } finally {
    fresh.close()
  }
})

test('a subpackage page that does not compute fetches only the shared code', async () => {
  const fresh = await MiniProgram.launch({ server: server.url })
  try {
    await fresh.reLaunch('/pages/about/about')
    expect(fresh.service.asyncLoads).toEqual(['pages/my/shared.js'])
    expect(fresh.text()).not.toContain('加载中')
    expect(fresh.errors).toEqual([])
  } finally {
    fresh.close()
  }
})

test("WeChat's budgets and base-library rules are noticed: setData size, requests at once, old APIs", async () => {
  const before = mp.ruleBreaches().length
  run(`getCurrentPages()[0].setData({ big: 'x'.repeat(300 * 1024) })`)
  run(`for (let i = 0; i < 11; i++) wx.request({ url: 'http://127.0.0.1:3000/api/index/nav', timeout: 300000 })`)
  run(`wx.getSystemInfoSync(); wx.chooseImage({ count: 1 })`)
  await mp.settle()
  const kinds = mp
    .ruleBreaches()
    .slice(before)
    .map((b) => `${b.kind}: ${b.detail}`)
  expect(kinds).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^setData: 300\.\d KB in one call/),
      'concurrentRequests: 11 requests at once (the last a request)',
      expect.stringMatching(/^requestTimeout: request asks for 300000 ms/),
      expect.stringMatching(/^deprecated: wx\.getSystemInfoSync: 基础库版本 2\.20\.1 起已废弃/),
      expect.stringMatching(/^deprecated: wx\.chooseImage: .*wx\.chooseMedia/)
    ])
  )
})
