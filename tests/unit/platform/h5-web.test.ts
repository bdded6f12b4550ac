/**
 * @jest-environment jsdom
 * @jest-environment-options {"url": "http://h5.test/?referee_id=42#/pages/my/my"}
 */
import { fakeTaro, ok, serveApi } from './fake-taro'

jest.mock('@tarojs/taro', () => require('./fake-taro').fakeTaroModule())

import { request } from '@/api/http'
import * as env from '@/platform/env'
import { launchApp } from '@/platform/launch'
import { sessionStore } from '@/stores'

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
    expect(taro.request).not.toHaveBeenCalled()
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
})
