import type { FakeTaro } from './fake-taro'

jest.mock('@tarojs/taro', () => require('./fake-taro').fakeTaroModule())
jest.mock('../../../src/platform/env', () => jest.requireActual('../../../src/platform/env.weapp'))
jest.mock('../../../src/platform/login', () => jest.requireActual('../../../src/platform/login.weapp'))

type Subscribe = typeof import('../../../src/platform/subscribe.weapp')
type Answer = Record<string, string>

/**
 * A fresh app run: the template ids are kept for the run, so each test starts without them. The server answers
 * the two message routes; `templates` is what the console set per scene.
 */
function launch(templates: Record<string, string[] | 'fail'> = { pay: ['TPL-PAID', 'TPL-SHIPPED'] }) {
  jest.resetModules()
  const sub: Subscribe = require('../../../src/platform/subscribe.weapp')
  const { fakeTaro, ok, serveApi }: typeof import('./fake-taro') = require('./fake-taro')
  const taro = fakeTaro() as FakeTaro & { requestSubscribeMessage: jest.Mock }
  taro.storage.set('Authorization', { user_id: 7, token: 't' })
  const reported: Answer[] = []
  const calls = serveApi(taro, {
    '/api/user.message/templates': ({ scene }) =>
      templates[scene as string] === 'fail'
        ? { code: 0, msg: '服务繁忙', data: null }
        : ok({ template_ids: templates[scene as string] ?? [] }),
    '/api/user.message/subscribe': ({ results }) => {
      reported.push(results as Answer)
      return ok({ accepted: Object.values(results as Answer).filter((v) => v === 'accept').length })
    }
  })
  // WeChat's ask: answered when the test says so.
  let answer!: { resolve(a: object): void; reject(e: object): void }
  taro.requestSubscribeMessage = jest.fn(
    () =>
      new Promise((resolve, reject) => {
        answer = { resolve, reject }
      })
  )
  const templateCalls = () => calls.filter((c) => c.url.endsWith('/api/user.message/templates'))
  return { sub, taro, reported, templateCalls, answer: () => answer }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('订阅消息 asks (mini-program)', () => {
  it('fetches the ids as the page loads, asks within the tap, waits for the answer and reports it', async () => {
    const { sub, taro, reported, templateCalls, answer } = launch()
    sub.prepareSubscribe('pay')
    await settle()
    expect(templateCalls()).toEqual([
      expect.objectContaining({ method: 'GET', data: expect.objectContaining({ scene: 'pay' }) })
    ])

    let done = false
    const asked = sub.askSubscribe('pay').then(() => (done = true))
    // Synchronously, in the tap's own call stack: WeChat shows the ask nowhere else.
    expect(taro.requestSubscribeMessage).toHaveBeenCalledWith({ tmplIds: ['TPL-PAID', 'TPL-SHIPPED'] })
    await settle()
    expect(done).toBe(false)
    answer().resolve({ errMsg: 'requestSubscribeMessage:ok', 'TPL-PAID': 'accept', 'TPL-SHIPPED': 'reject' })
    await asked
    await settle()
    expect(reported).toEqual([{ 'TPL-PAID': 'accept', 'TPL-SHIPPED': 'reject' }])
    // Kept for the run: another page of the scene fetches nothing.
    sub.prepareSubscribe('pay')
    expect(templateCalls()).toHaveLength(1)
    expect(taro.showToast).not.toHaveBeenCalled()
  })

  it('asks nothing where the console set no template, nor before the ids have arrived', async () => {
    const { sub, taro, templateCalls } = launch({ pay: ['TPL-PAID'], withdraw: [] })
    sub.prepareSubscribe('withdraw')
    await settle()
    await expect(sub.askSubscribe('withdraw')).resolves.toBeUndefined()
    // Never prepared: this tap goes on without an ask, and the ids are fetched for the next one.
    await expect(sub.askSubscribe('pay')).resolves.toBeUndefined()
    expect(taro.requestSubscribeMessage).not.toHaveBeenCalled()
    await settle()
    void sub.askSubscribe('pay')
    expect(taro.requestSubscribeMessage).toHaveBeenCalledWith({ tmplIds: ['TPL-PAID'] })
    expect(templateCalls().map((c) => c.data.scene)).toEqual(['withdraw', 'pay'])
  })

  it('fetches nothing for a visitor: the route needs a login, and asking would start one', async () => {
    const { sub, taro, templateCalls } = launch()
    taro.storage.delete('Authorization')
    sub.prepareSubscribe('pay')
    await expect(sub.askSubscribe('pay')).resolves.toBeUndefined()
    await settle()
    expect(templateCalls()).toHaveLength(0)
    expect(taro.login).not.toHaveBeenCalled()
  })

  it('swallows every failure: the ids, the ask turned off in WeChat, a thrown ask, the report', async () => {
    const failing = launch({ pay: 'fail' })
    failing.sub.prepareSubscribe('pay')
    await settle()
    await expect(failing.sub.askSubscribe('pay')).resolves.toBeUndefined()
    expect(failing.taro.showToast).not.toHaveBeenCalled()
    // Not kept: asked again at the next page or tap.
    await settle()
    expect(failing.templateCalls()).toHaveLength(2)

    const off = launch()
    off.sub.prepareSubscribe('pay')
    await settle()
    const asked = off.sub.askSubscribe('pay')
    off.answer().reject({ errMsg: 'requestSubscribeMessage:fail 主动推送开关已关闭', errCode: 20004 })
    await expect(asked).resolves.toBeUndefined()
    await settle()
    expect(off.reported).toEqual([])

    const thrown = launch()
    thrown.sub.prepareSubscribe('pay')
    await settle()
    thrown.taro.requestSubscribeMessage.mockImplementation(() => {
      throw new Error('requestSubscribeMessage is not a function')
    })
    await expect(thrown.sub.askSubscribe('pay')).resolves.toBeUndefined()

    const lost = launch({ pay: ['TPL-PAID'] })
    lost.sub.prepareSubscribe('pay')
    await settle()
    const reporting = lost.sub.askSubscribe('pay')
    lost.taro.request.mockRejectedValue({ errMsg: 'request:fail timeout', errno: 5 })
    lost.answer().resolve({ errMsg: 'requestSubscribeMessage:ok', 'TPL-PAID': 'accept' })
    await expect(reporting).resolves.toBeUndefined()
    await settle()
    expect(lost.taro.showToast).not.toHaveBeenCalled()
  })
})

describe('订阅消息 in a browser', () => {
  it('asks nothing and fetches nothing', async () => {
    jest.resetModules()
    const browser = require('../../../src/platform/subscribe')
    const { fakeTaro }: typeof import('./fake-taro') = require('./fake-taro')
    const taro = fakeTaro()
    taro.storage.set('Authorization', { user_id: 7, token: 't' })
    browser.prepareSubscribe('pay')
    await expect(browser.askSubscribe('pay')).resolves.toBeUndefined()
    await settle()
    expect(taro.request).not.toHaveBeenCalled()
  })
})
