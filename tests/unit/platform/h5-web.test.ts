/**
 * @jest-environment jsdom
 * @jest-environment-options {"url": "http://h5.test/?referee_id=42#/pages/my/my"}
 */
import { fakeTaro, ok, serveApi } from './fake-taro'

jest.mock('@tarojs/taro', () => require('./fake-taro').fakeTaroModule())

import { request } from '../../../src/api/http'
import * as env from '../../../src/platform/env'
import { launchApp } from '../../../src/platform/launch'
import { payOrder } from '../../../src/platform/pay'
import { sessionStore } from '../../../src/stores'

const taro = fakeTaro()

describe('H5 in a plain browser', () => {
  it('is the web client on the same origin', () => {
    expect(env.client()).toBe('web')
    expect(env.isWechatBrowser()).toBe(false)
    expect(env.baseUrl()).toBe('')
  })

  it('a visit with ?referee_id=42 stores 42, and visitors are not sent to a login', async () => {
    await launchApp()
    expect(taro.storage.get('refereeId')).toBe('42')
    expect(taro.storage.get('pathUrl')).toBe('http://h5.test/?referee_id=42#/pages/my/my')
    // The one request is public: which features this client hides (渠道功能), carrying the referrer; no login.
    const urls = taro.request.mock.calls.map(([options]: [{ url: string }]) => options.url)
    expect(urls).toEqual([expect.stringMatching(/^\/api\/index\/features\?.*referee_id=42/)])
  })

  it('-9999 resets the session and asks the app for its login page instead of redirecting', async () => {
    taro.storage.set('Authorization', { user_id: 1, token: 'old' })
    sessionStore.sync()
    expect(sessionStore.isLoggedIn).toBe(true)
    serveApi(taro, { '/api/user.user/detail': () => ({ code: -9999, msg: '登录已过期', data: null }) })
    await expect(request({ url: '/api/user.user/detail' })).rejects.toMatchObject({ code: -9999 })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(sessionStore.isLoggedIn).toBe(false)
    expect(sessionStore.loginRequired).toBe(true)
    expect(window.location.href).toBe('http://h5.test/?referee_id=42#/pages/my/my')
  })

  it('mobile login stores the credential and the session follows', async () => {
    serveApi(taro, { '/api/user.user/mobileLogin': () => ok({ user_id: 5, token: 'tk5' }) })
    await sessionStore.loginByMobile('13800138000', '123456')
    expect(sessionStore.isLoggedIn).toBe(true)
    expect(sessionStore.user_id).toBe(5)
    expect(sessionStore.loginRequired).toBe(false)
  })

  it('a desktop pays by Native: the QR shows, the server is polled until paid, then the QR goes away', async () => {
    let asked = 0
    serveApi(taro, {
      '/api/pay.index/status': () => ok({ out_trade_no: 'N1', status: ++asked >= 2 ? 'paid' : 'created' })
    })
    const outcome = payOrder({
      out_trade_no: 'N1',
      amount_fen: 100,
      provider: 'wechat',
      channel: 'native',
      code_url: 'weixin://wxpay/bizpayurl?pr=abc'
    })
    await new Promise((resolve) => setTimeout(resolve, 50))
    const img = document.querySelector<HTMLImageElement>('.pay-qr .pay-qr__code')
    expect(img?.src).toMatch(/^data:image\/svg\+xml/)
    await expect(outcome).resolves.toBe('paid')
    expect(asked).toBe(2)
    expect(document.querySelector('.pay-qr')).toBeNull()
  })

  it('closing the QR gives up the Native payment', async () => {
    serveApi(taro, { '/api/pay.index/status': () => ok({ out_trade_no: 'N2', status: 'created' }) })
    const outcome = payOrder({
      out_trade_no: 'N2',
      amount_fen: 100,
      provider: 'wechat',
      channel: 'native',
      code_url: 'weixin://wxpay/bizpayurl?pr=def'
    })
    await new Promise((resolve) => setTimeout(resolve, 50))
    document.querySelector<HTMLButtonElement>('.pay-qr__cancel')!.click()
    await expect(outcome).resolves.toBe('cancelled')
    expect(document.querySelector('.pay-qr')).toBeNull()
  })
})
