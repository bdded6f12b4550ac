import { autorun } from 'mobx'

import type { RuntimeConfig, UserProfile } from '../../../contract'
import { saveCredential } from '../../../src/core/credential'
import { createSignal } from '../../../src/core/signal'
import { createStorage } from '../../../src/core/storage'
import { AppStore } from '../../../src/stores/app'
import { SessionStore } from '../../../src/stores/session'
import { createMemoryBackend } from '../core/memory-storage'

const CONFIG: RuntimeConfig = {
  wechat_app_id: 'wx1',
  oauth_authorize_url: 'https://o',
  h5_url: 'https://h5',
  map_key: '',
  version: '1.0.0'
}
const profile = (user_id: number): UserProfile => ({
  user_id,
  nickname: `用户${user_id}`,
  avatar: '',
  gender: 0,
  mobile: '',
  birthday: '',
  level: 0,
  referee_id: 0,
  created_at: '2024-01-01T00:00:00Z'
})

function setup() {
  const storage = createStorage(createMemoryBackend())
  const loginRequired = createSignal<{ reason: string }>()
  const auth = {
    login: jest.fn(async () => {
      saveCredential(storage, { user_id: 3, token: 'tk3' })
      return 'logged-in' as const
    }),
    loginByMobile: jest.fn(async () => {
      saveCredential(storage, { user_id: 4, token: 'tk4' })
      return { user_id: 4, token: 'tk4' }
    }),
    loginRequired
  }
  const session = new SessionStore(storage, auth)
  const api = {
    getConfig: jest.fn(async () => CONFIG),
    getUserDetail: jest.fn(async () => ({ user: profile(Number(session.user_id)) }))
  }
  const app = new AppStore(api, session)
  return { storage, auth, session, api, app, loginRequired }
}

describe('SessionStore', () => {
  it('starts from storage and follows every storage change, including a reset by the request layer', () => {
    const { storage, session } = setup()
    const seen: boolean[] = []
    autorun(() => seen.push(session.isLoggedIn))
    saveCredential(storage, { user_id: 9, token: 't9' })
    expect(session.user_id).toBe(9)
    storage.clear()
    expect(session.user_id).toBe('')
    expect(seen).toEqual([false, true, false])
  })

  it('login() and loginByMobile() go through the platform and end logged in', async () => {
    const { session, auth } = setup()
    await session.login()
    expect(auth.login).toHaveBeenCalledTimes(1)
    expect(session.isLoggedIn).toBe(true)
    expect(session.loggingIn).toBe(false)
    await session.loginByMobile('13800138000', '123456')
    expect(session.user_id).toBe(4)
  })

  it('logout() removes the credential only', () => {
    const { storage, session } = setup()
    storage.set('refereeId', '42')
    saveCredential(storage, { user_id: 9, token: 't9' })
    session.logout()
    expect(session.isLoggedIn).toBe(false)
    expect(storage.get('refereeId')).toBe('42')
    expect(session.refereeId).toBe('42')
  })

  it('logout() forgets the login at once and asks the server to end it, even when the network fails', async () => {
    const { storage, auth } = setup()
    const endSession = jest.fn(async () => {
      throw new Error('网络异常')
    })
    const session = new SessionStore(storage, { ...auth, endSession })
    saveCredential(storage, { user_id: 9, token: 't9' })
    session.logout()
    expect(session.isLoggedIn).toBe(false)
    expect(endSession).toHaveBeenCalledWith('t9')
    await Promise.resolve()
    // Logged out already: nothing to end.
    session.logout()
    expect(endSession).toHaveBeenCalledTimes(1)
  })

  it('a login request from the platform is shown to visitors and cleared by a login', () => {
    const { storage, session, loginRequired } = setup()
    loginRequired.emit({ reason: '请先登录' })
    expect(session.loginRequired).toBe(true)
    expect(session.loginReason).toBe('请先登录')
    saveCredential(storage, { user_id: 1, token: 't' })
    expect(session.loginRequired).toBe(false)
  })
})

describe('AppStore', () => {
  it('loads the config once and again after a failure', async () => {
    const { app, api } = setup()
    api.getConfig.mockRejectedValueOnce({ code: 0, msg: '服务器繁忙，请稍后再试', data: null })
    await expect(app.loadConfig()).resolves.toBeUndefined()
    expect(app.configError).toBe('服务器繁忙，请稍后再试')
    await app.loadConfig()
    await app.loadConfig()
    expect(api.getConfig).toHaveBeenCalledTimes(2)
    expect(app.config).toEqual(CONFIG)
    expect(app.configError).toBe('')
  })

  it('loads the profile only when logged in and drops it when the user changes', async () => {
    const { app, api, storage } = setup()
    await expect(app.loadProfile()).resolves.toBeUndefined()
    expect(api.getUserDetail).not.toHaveBeenCalled()
    saveCredential(storage, { user_id: 5, token: 't5' })
    await app.loadProfile()
    expect(app.profile?.nickname).toBe('用户5')
    storage.clear()
    expect(app.profile).toBeUndefined()
  })
})
