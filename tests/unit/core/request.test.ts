import { REQUEST_TIMEOUT } from '../../../src/core/constants'
import { NetworkError } from '../../../src/core/errors'
import { envelope, flush, harness } from './request-harness'

/** Settles to 'pending' when the promise has not settled after the queue drained. */
async function state(promise: Promise<unknown>): Promise<string> {
  let result = 'pending'
  promise.then(
    () => (result = 'resolved'),
    () => (result = 'rejected')
  )
  await flush()
  return result
}

describe('common params, headers and time-out', () => {
  it('GET sends the cleaned params and the common params in the query', async () => {
    const h = harness(() => envelope(1, { ok: true }))
    h.storage.set('Authorization', { user_id: 7, token: 'tok' })
    h.storage.set('refereeId', '42')
    await h.request({ url: '/api/index/nav', data: { keyword: '  八字 ', empty: null, page: 2 } })
    const [sent] = h.sent
    expect(sent.method).toBe('GET')
    expect(sent.data).toBeUndefined()
    const [base, query] = sent.url.split('?')
    expect(base).toBe('http://api.test/api/index/nav')
    expect(Object.fromEntries(new URLSearchParams(query))).toEqual({
      app_id: '10001',
      client: 'h5',
      referee_id: '42',
      token: 'tok',
      user_id: '7',
      keyword: '八字',
      empty: '',
      page: '2'
    })
  })

  it('POST sends them in the JSON body, with the Authorization header and the 300000 ms time-out', async () => {
    const h = harness(() => envelope(1))
    h.storage.set('Authorization', { user_id: 7, token: 'tok' })
    await h.request({
      url: '/api/user.user/updateInfo',
      method: 'POST',
      data: { nickname: ' 小明 ', tags: [' a ', null] }
    })
    const [sent] = h.sent
    expect(sent.url).toBe('http://api.test/api/user.user/updateInfo')
    expect(sent.data).toEqual({
      app_id: 10001,
      client: 'h5',
      referee_id: '',
      token: 'tok',
      user_id: 7,
      nickname: '小明',
      tags: ['a', '']
    })
    expect(sent.header).toEqual({ 'content-type': 'application/json', Authorization: 'tok' })
    expect(sent.timeout).toBe(REQUEST_TIMEOUT)
    expect(REQUEST_TIMEOUT).toBe(300000)
  })

  it('sends no Authorization header and empty token/user_id when logged out', async () => {
    const h = harness(() => envelope(1))
    await h.request({ url: '/api/index/index', method: 'POST' })
    expect(h.sent[0].header).toEqual({ 'content-type': 'application/json' })
    expect(h.sent[0].data).toMatchObject({ token: '', user_id: '', referee_id: '' })
  })

  it('uploads as multipart with the common params as text fields and no JSON content type', async () => {
    const h = harness(() => ({
      statusCode: 200,
      data: JSON.stringify({ code: 1, msg: '', data: { url: '/uploads/a.png', file_id: 3 } })
    }))
    h.storage.set('Authorization', { user_id: 7, token: 'tok' })
    const result = await h.upload({
      url: '/api/file.upload/image',
      filePath: 'blob:x',
      formData: { scene: ' avatar ' }
    })
    expect(result).toEqual({ url: '/uploads/a.png', file_id: 3 })
    const [upload] = h.uploads
    expect(upload).toMatchObject({
      url: 'http://api.test/api/file.upload/image',
      filePath: 'blob:x',
      name: 'file',
      header: { Authorization: 'tok' }
    })
    expect(upload.formData).toEqual({
      app_id: '10001',
      client: 'h5',
      referee_id: '',
      token: 'tok',
      user_id: '7',
      scene: 'avatar'
    })
  })
})

describe('envelope codes (docs/spec.md §8)', () => {
  it('1 resolves the data', async () => {
    const h = harness(() => envelope(1, { list: [1] }))
    await expect(h.request({ url: '/x' })).resolves.toEqual({ list: [1] })
    expect(h.events.filter((e) => e.startsWith('toast'))).toEqual([])
  })

  it('0 toasts the message and rejects with the envelope', async () => {
    const h = harness(() => envelope(0, null, '手机号格式不正确'))
    await expect(h.request({ url: '/x' })).rejects.toEqual({ code: 0, msg: '手机号格式不正确', data: null })
    expect(h.events).toContain('toast:手机号格式不正确')
  })

  it('0 with an empty msg toasts the nested data.msg', async () => {
    const h = harness(() => envelope(0, { msg: '库存不足' }, ''))
    await expect(h.request({ url: '/x' })).rejects.toMatchObject({ code: 0 })
    expect(h.events).toContain('toast:库存不足')
  })

  it('0 with showToast false rejects without a toast', async () => {
    const h = harness(() => envelope(0, null, '错误'))
    await expect(h.request({ url: '/x', showToast: false })).rejects.toMatchObject({ msg: '错误' })
    expect(h.events.some((e) => e.startsWith('toast'))).toBe(false)
  })

  it('the loading indicator is hidden before the error toast', async () => {
    const h = harness(() => envelope(0, null, '错误'))
    await h.request({ url: '/x' }).catch(() => undefined)
    expect(h.events).toEqual(['show:加载中:false', 'hide', 'toast:错误'])
  })

  it('-9999 clears the credential and all storage, starts login and rejects', async () => {
    const h = harness(() => envelope(-9999, null, '请先登录'))
    h.storage.set('Authorization', { user_id: 7, token: 'tok' })
    h.storage.set('isLoggedIn', true)
    h.storage.set('pathUrl', 'http://h5/#/')
    await expect(h.request({ url: '/x' })).rejects.toEqual({ code: -9999, msg: '请先登录', data: null })
    expect(h.storage.get('Authorization')).toBeUndefined()
    expect(h.storage.get('isLoggedIn')).toBeUndefined()
    expect(h.storage.get('pathUrl')).toBeUndefined()
    expect(h.relogin).toHaveBeenCalledTimes(1)
  })

  it('-1 clears storage and starts login but never rejects', async () => {
    const h = harness(() => envelope(-1, null, '账号已停用'))
    h.storage.set('Authorization', { user_id: 7, token: 'tok' })
    h.storage.set('refereeId', '5')
    const call = h.request({ url: '/x' })
    expect(await state(call)).toBe('pending')
    expect(h.storage.get('Authorization')).toBeUndefined()
    expect(h.storage.get('refereeId')).toBeUndefined()
    expect(h.relogin).toHaveBeenCalledTimes(1)
    expect(h.events).toEqual(['show:加载中:false', 'hide'])
  })

  it('200 resolves nothing: the promise stays pending and the indicator is hidden', async () => {
    const h = harness(() => envelope(200, { a: 1 }))
    expect(await state(h.request({ url: '/x' }))).toBe('pending')
    expect(h.relogin).not.toHaveBeenCalled()
    expect(h.events).toEqual(['show:加载中:false', 'hide'])
  })

  it('any other code rejects with the whole response', async () => {
    const h = harness(() => envelope(500, { trace: 'x' }, '异常'))
    await expect(h.request({ url: '/x' })).rejects.toEqual({ code: 500, msg: '异常', data: { trace: 'x' } })
    expect(h.events.some((e) => e.startsWith('toast'))).toBe(false)
  })

  it('a body that is no envelope rejects with the transport response', async () => {
    const h = harness(() => ({ statusCode: 502, data: '<html>Bad Gateway</html>' }))
    await expect(h.request({ url: '/x' })).rejects.toEqual({ statusCode: 502, data: '<html>Bad Gateway</html>' })
  })
})

describe('a call with its own token (logging out)', () => {
  it('goes out with that token while none is stored, and its -9999 or -1 touches nothing', async () => {
    for (const code of [-9999, -1, 0]) {
      const h = harness(() => envelope(code, null, code === 0 ? '失败' : ''))
      h.storage.set('refereeId', '42')
      h.login.pending = new Promise(() => undefined)
      const sent = h.request({ url: '/api/user.user/logout', method: 'POST', token: 'old', showToast: false })
      expect(await state(sent)).toBe('rejected')
      expect(h.sent[0].header).toMatchObject({ Authorization: 'old' })
      expect(h.sent[0].data).toMatchObject({ token: 'old', user_id: '' })
      expect(h.relogin).not.toHaveBeenCalled()
      expect(h.storage.get('refereeId')).toBe('42')
      expect(h.events.filter((e) => e.startsWith('toast'))).toEqual([])
    }
  })
})

describe('network failures', () => {
  it('hides the indicator and rejects with the message', async () => {
    const h = harness(() => Promise.reject({ errMsg: 'request:fail timeout', errno: 5 }))
    const error = await h.request({ url: '/x' }).catch((e) => e)
    expect(error).toBeInstanceOf(NetworkError)
    expect(error).toMatchObject({ message: '请求超时，请稍后再试', errMsg: 'request:fail timeout', errno: 5 })
    expect(h.events).toEqual(['show:加载中:false', 'hide'])
  })

  it('names an unreachable network and an abort', async () => {
    const offline = harness(() => Promise.reject({ errMsg: 'request:fail', errno: 5 }))
    await expect(offline.request({ url: '/x' })).rejects.toMatchObject({ message: '网络异常，请检查网络后重试' })
    const aborted = harness(() => Promise.reject({ errMsg: 'request:fail abort', errno: 600003 }))
    await expect(aborted.request({ url: '/x' })).rejects.toMatchObject({ message: '请求已取消' })
  })
})

describe('single-flight login', () => {
  it('five calls failing with -9999 at once start ONE login', async () => {
    const h = harness(() => envelope(-9999))
    h.storage.set('Authorization', { user_id: 7, token: 'dead' })
    const calls = Array.from({ length: 5 }, () =>
      h.request<{ code: number }>({ url: '/x' }).catch((e: { code: number }) => e)
    )
    const results = await Promise.all(calls)
    expect(results.every((r) => r.code === -9999)).toBe(true)
    expect(h.relogin).toHaveBeenCalledTimes(1)
  })

  it('a later -9999, after the login finished, starts a new one', async () => {
    const h = harness(() => envelope(-9999))
    h.relogin.mockImplementation(() => Promise.resolve())
    h.storage.set('Authorization', { user_id: 7, token: 'dead' })
    await h.request({ url: '/x' }).catch(() => undefined)
    await flush()
    h.storage.set('Authorization', { user_id: 7, token: 'dead2' })
    await h.request({ url: '/x' }).catch(() => undefined)
    expect(h.relogin).toHaveBeenCalledTimes(2)
  })
})

/** Answers -9999 unless the call carries the token 'fresh'. */
const ownerOnly = (request: { header: Record<string, string> }) =>
  request.header.Authorization === 'fresh' ? envelope(1, { report: 'mine' }) : envelope(-9999, null, '请先登录')

describe('a login under way', () => {
  it('a call made while a login runs waits for it and goes out once, with the new token', async () => {
    const h = harness(ownerOnly)
    let finish!: () => void
    h.login.pending = new Promise<void>((resolve) => (finish = resolve))
    const call = h.request({ url: '/x' })
    await flush()
    expect(h.sent).toHaveLength(0)
    h.storage.set('Authorization', { user_id: 7, token: 'fresh' })
    h.login.pending = undefined
    finish()
    await expect(call).resolves.toEqual({ report: 'mine' })
    expect(h.sent).toHaveLength(1)
    expect(h.relogin).not.toHaveBeenCalled()
  })

  it('a tokenless call that gets -9999 clears nothing, joins ONE login and is sent again with the token', async () => {
    const h = harness(ownerOnly)
    h.storage.set('refereeId', '5')
    h.storage.set('returnUrl', 'http://h5/#/calculation/pages/baogao?id=3')
    h.relogin.mockImplementation(async () => {
      h.storage.set('Authorization', { user_id: 7, token: 'fresh' })
      return 'logged-in'
    })
    const results = await Promise.all([h.request({ url: '/a' }), h.request({ url: '/b' })])
    expect(results).toEqual([{ report: 'mine' }, { report: 'mine' }])
    expect(h.relogin).toHaveBeenCalledTimes(1)
    expect(h.storage.get('refereeId')).toBe('5')
    expect(h.storage.get('returnUrl')).toBe('http://h5/#/calculation/pages/baogao?id=3')
    expect(h.sent.map((r) => r.header.Authorization ?? '')).toEqual(['', '', 'fresh', 'fresh'])
  })

  it('a -9999 that arrives while a login runs leaves that login alone', async () => {
    const h = harness(ownerOnly)
    h.storage.set('Authorization', { user_id: 7, token: 'old' })
    h.storage.set('returnUrl', 'http://h5/#/x')
    h.login.pending = new Promise(() => undefined)
    const call = h.request({ url: '/x', waitForLogin: false })
    await expect(call).rejects.toMatchObject({ code: -9999 })
    expect(h.storage.get('returnUrl')).toBe('http://h5/#/x')
    expect(h.storage.get('Authorization')).toEqual({ user_id: 7, token: 'old' })
  })

  it('a call whose token a login replaced while it was out goes again with the new token', async () => {
    const h = harness(ownerOnly)
    h.storage.set('Authorization', { user_id: 7, token: 'old' })
    const call = h.request({ url: '/x' })
    h.storage.set('Authorization', { user_id: 7, token: 'fresh' })
    await expect(call).resolves.toEqual({ report: 'mine' })
    expect(h.relogin).not.toHaveBeenCalled()
  })

  it('when the login leaves for the OAuth page the call neither fails nor repeats', async () => {
    const h = harness(ownerOnly)
    h.relogin.mockImplementation(async () => 'redirecting')
    const call = h.request({ url: '/x' })
    expect(await state(call)).toBe('pending')
    expect(h.sent).toHaveLength(1)
  })

  it('when no login can happen (a plain browser) the token-less call rejects with the envelope', async () => {
    const h = harness(ownerOnly)
    h.storage.set('refereeId', '5')
    h.relogin.mockImplementation(async () => 'stopped')
    await expect(h.request({ url: '/x' })).rejects.toMatchObject({ code: -9999 })
    expect(h.storage.get('refereeId')).toBe('5')
    expect(h.sent).toHaveLength(1)
  })

  it('the calls the login itself makes do not wait for it', async () => {
    const h = harness(() => envelope(1, { token: 't' }))
    h.login.pending = new Promise(() => undefined)
    await expect(h.request({ url: '/login', waitForLogin: false })).resolves.toEqual({ token: 't' })
  })
})
