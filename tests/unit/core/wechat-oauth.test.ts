import { OAUTH_ATTEMPT_WINDOW } from '../../../src/core/constants'
import { createStorage } from '../../../src/core/storage'
import { buildAuthorizeUrl, type OAuthDeps, readOAuthReturn, runWechatOAuth } from '../../../src/core/wechat-oauth'
import { createMemoryBackend } from './memory-storage'

const CONFIG = { wechat_app_id: 'wx123', oauth_authorize_url: 'https://open.weixin.qq.com/connect/oauth2/authorize' }

/** A browser tab: its address, its sessionStorage and the app storage, across OAuth round trips. */
function tab(startUrl: string) {
  const session = new Map<string, string>()
  const storage = createStorage(createMemoryBackend())
  const state = {
    url: startUrl,
    now: 1_000_000,
    redirects: [] as string[],
    replaced: [] as string[],
    toasts: [] as string[]
  }
  const exchange = jest.fn(async (code: string, refereeId: string) => ({
    user_id: 8,
    token: `token-for-${code}-${refereeId}`
  }))
  const deps: OAuthDeps = {
    storage,
    tabStorage: {
      getItem: (k) => session.get(k) ?? null,
      setItem: (k, v) => void session.set(k, v),
      removeItem: (k) => void session.delete(k)
    },
    currentUrl: () => state.url,
    replaceUrl: (url) => {
      state.replaced.push(url)
      state.url = url
    },
    redirect: (url) => void state.redirects.push(url),
    fetchConfig: async () => CONFIG,
    exchange,
    toast: (message) => void state.toasts.push(message),
    now: () => state.now,
    randomState: () => 'st',
    delay: async () => undefined
  }
  /** What WeChat does: back to redirect_uri with code and state in the query before the '#'. */
  const returnFromWechat = (code: string) => {
    const authorize = new URL(state.redirects[state.redirects.length - 1])
    const redirectUri = authorize.searchParams.get('redirect_uri')!
    const [beforeHash, hash] = redirectUri.split('#')
    state.url =
      `${beforeHash}${beforeHash.includes('?') ? '&' : '?'}code=${code}&state=` +
      `${authorize.searchParams.get('state')}${hash ? `#${hash}` : ''}`
  }
  return { deps, state, storage, exchange, returnFromWechat }
}

describe('buildAuthorizeUrl', () => {
  // The parameter order and the #wechat_redirect suffix follow WeChat's official-account web authorization document.
  it('appends appid, the encoded redirect_uri, code, snsapi_userinfo, state and #wechat_redirect', () => {
    expect(buildAuthorizeUrl(CONFIG, 'http://h5.test/#/pages/my/my?a=1', 'xyz')).toBe(
      'https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx123&redirect_uri=http%3A%2F%2Fh5.test%2F' +
        '%23%2Fpages%2Fmy%2Fmy%3Fa%3D1&response_type=code&scope=snsapi_userinfo&state=xyz#wechat_redirect'
    )
  })
})

describe('readOAuthReturn', () => {
  it('reads the code from location.search, before the #, not from the hash route', () => {
    expect(readOAuthReturn('http://h5.test/?code=abc&state=s#/pages/my/my?code=wrong')).toEqual({
      code: 'abc',
      state: 's'
    })
    expect(readOAuthReturn('http://h5.test/#/pages/my/my?code=wrong')).toEqual({ code: undefined, state: undefined })
  })
})

describe('runWechatOAuth', () => {
  it('without a code stores returnUrl and redirects to the authorize page', async () => {
    const t = tab('http://h5.test/#/pages/course/detail?course_id=3')
    await expect(runWechatOAuth(t.deps)).resolves.toBe('redirecting')
    expect(t.storage.get('returnUrl')).toBe('http://h5.test/#/pages/course/detail?course_id=3')
    expect(t.state.redirects).toEqual([
      buildAuthorizeUrl(CONFIG, 'http://h5.test/#/pages/course/detail?course_id=3', 'st')
    ])
  })

  it('back with a code: exchanges it, stores the login, removes code and state without a reload', async () => {
    const t = tab('http://h5.test/?from=ad#/pages/course/detail?course_id=3')
    t.storage.set('refereeId', '42')
    await runWechatOAuth(t.deps)
    t.returnFromWechat('CODE1')
    expect(t.state.url).toBe('http://h5.test/?from=ad&code=CODE1&state=st#/pages/course/detail?course_id=3')

    await expect(runWechatOAuth(t.deps)).resolves.toBe('logged-in')
    expect(t.exchange).toHaveBeenCalledWith('CODE1', '42')
    expect(t.storage.get('code')).toBe('CODE1')
    expect(t.storage.get('Authorization')).toEqual({ user_id: 8, token: 'token-for-CODE1-42' })
    expect(t.storage.get('isLoggedIn')).toBe(true)
    expect(t.state.replaced).toEqual(['http://h5.test/?from=ad#/pages/course/detail?course_id=3'])
    expect(t.state.redirects).toHaveLength(1)
    expect(t.storage.get('returnUrl')).toBeUndefined()
  })

  it('a failed exchange toasts the message and redirects again', async () => {
    const t = tab('http://h5.test/#/')
    t.exchange.mockRejectedValueOnce({ code: 0, msg: 'code 已失效', data: null })
    await runWechatOAuth(t.deps)
    t.returnFromWechat('BAD')
    await expect(runWechatOAuth(t.deps)).resolves.toBe('redirecting')
    expect(t.state.toasts).toEqual(['code 已失效'])
    expect(t.state.replaced).toEqual(['http://h5.test/#/'])
    expect(t.state.redirects).toHaveLength(2)
  })

  it('a server that keeps failing stops after 3 redirects within 2 minutes instead of looping', async () => {
    const t = tab('http://h5.test/#/')
    t.exchange.mockRejectedValue({ code: 0, msg: '服务器繁忙，请稍后再试', data: null })
    let outcome = await runWechatOAuth(t.deps)
    for (let round = 0; round < 10 && outcome === 'redirecting'; round++) {
      t.state.now += 5000
      t.returnFromWechat(`C${round}`)
      outcome = await runWechatOAuth(t.deps)
    }
    expect(outcome).toBe('stopped')
    expect(t.state.redirects).toHaveLength(3)
    expect(t.state.toasts[t.state.toasts.length - 1]).toBe('微信登录暂时不可用，请稍后刷新重试')
    expect(t.state.url).toBe('http://h5.test/#/')

    // After the window the user may try again.
    t.state.now += OAUTH_ATTEMPT_WINDOW
    await expect(runWechatOAuth(t.deps)).resolves.toBe('redirecting')
  })

  it('a token rejected right after every successful login does not loop either', async () => {
    const t = tab('http://h5.test/#/')
    let outcome = await runWechatOAuth(t.deps)
    for (let round = 0; round < 10 && outcome !== 'stopped'; round++) {
      t.state.now += 5000
      if (outcome === 'redirecting') t.returnFromWechat(`C${round}`)
      // logged in; then the next request answers -9999, storage is cleared and login starts again
      outcome = await runWechatOAuth(t.deps)
      if (outcome === 'logged-in') {
        t.storage.clear()
        outcome = await runWechatOAuth(t.deps)
      }
    }
    expect(outcome).toBe('stopped')
    expect(t.state.redirects).toHaveLength(3)
  })

  it('refuses a code whose state does not match the one sent', async () => {
    const t = tab('http://h5.test/#/')
    await runWechatOAuth(t.deps)
    t.state.url = 'http://h5.test/?code=FORGED&state=other#/'
    await runWechatOAuth(t.deps)
    expect(t.exchange).not.toHaveBeenCalled()
    expect(t.state.toasts).toEqual(['登录校验失败，请重新登录'])
  })

  it('stops with a message when the configuration cannot be read', async () => {
    const t = tab('http://h5.test/#/')
    t.deps.fetchConfig = () => Promise.reject({ code: 0, msg: '接口不存在', data: null })
    await expect(runWechatOAuth(t.deps)).resolves.toBe('stopped')
    expect(t.state.toasts).toEqual(['接口不存在'])
    expect(t.state.redirects).toEqual([])
  })
})
