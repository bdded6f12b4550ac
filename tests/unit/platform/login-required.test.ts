import { loginRequired } from '../../../src/platform/login-required'

// In a browser the session store and the login sheet load when first needed: a login asked for before
// anything listens must not be lost.
describe('a login asked for while nothing listens yet', () => {
  it('reaches the first listener once, and later requests reach every listener', () => {
    loginRequired.emit({ reason: '登录已过期，请重新登录' })
    const first: string[] = []
    const second: string[] = []
    const stopFirst = loginRequired.subscribe(({ reason }) => first.push(reason))
    const stopSecond = loginRequired.subscribe(({ reason }) => second.push(reason))
    expect(first).toEqual(['登录已过期，请重新登录'])
    expect(second).toEqual([])
    loginRequired.emit({ reason: '请先登录' })
    expect(first).toEqual(['登录已过期，请重新登录', '请先登录'])
    expect(second).toEqual(['请先登录'])
    stopFirst()
    stopSecond()
  })
})
