import { HTTP_HELPER_LOADING_DELAY } from '../../../src/core/constants'
import { envelope, harness } from './request-harness'

/** A transport whose answers the test releases one by one. */
function deferredHarness() {
  const releases: Array<() => void> = []
  const h = harness(() => new Promise((resolve) => releases.push(() => resolve(envelope(1, 'ok')))))
  return { h, releases }
}

describe('loading indicator', () => {
  afterEach(() => jest.useRealTimers())

  it('overlapping calls show one indicator and hide it when the last one ends', async () => {
    const { h, releases } = deferredHarness()
    const a = h.request({ url: '/a' })
    const b = h.request({ url: '/b' })
    await Promise.resolve()
    expect(h.events).toEqual(['show:加载中:false'])
    releases[0]()
    await a
    expect(h.events).toEqual(['show:加载中:false'])
    releases[1]()
    await b
    expect(h.events).toEqual(['show:加载中:false', 'hide'])
  })

  it('showLoading false shows nothing', async () => {
    const h = harness(() => envelope(1))
    await h.request({ url: '/a', showLoading: false })
    expect(h.events).toEqual([])
  })

  it('the http helper POSTs and shows a masked indicator only after 800 ms', async () => {
    jest.useFakeTimers()
    const { h, releases } = deferredHarness()
    const call = h.http('/api/user.user/checkBindMobile', { a: 1 })
    await Promise.resolve()
    expect(h.sent[0].method).toBe('POST')
    expect(HTTP_HELPER_LOADING_DELAY).toBe(800)
    jest.advanceTimersByTime(799)
    expect(h.events).toEqual([])
    jest.advanceTimersByTime(1)
    expect(h.events).toEqual(['show:加载中:true'])
    releases[0]()
    await call
    expect(h.events).toEqual(['show:加载中:true', 'hide'])
  })

  it('the http helper shows nothing when the answer comes within 800 ms', async () => {
    jest.useFakeTimers()
    const { h, releases } = deferredHarness()
    const call = h.http('/x')
    jest.advanceTimersByTime(500)
    releases[0]()
    await call
    jest.advanceTimersByTime(1000)
    expect(h.events).toEqual([])
  })

  it('a delayed call does not re-show the indicator that an immediate call already shows', async () => {
    jest.useFakeTimers()
    const { h, releases } = deferredHarness()
    const quick = h.request({ url: '/a' })
    const slow = h.http('/b')
    jest.advanceTimersByTime(800)
    expect(h.events).toEqual(['show:加载中:false'])
    releases[0]()
    await quick
    expect(h.events).toEqual(['show:加载中:false'])
    releases[1]()
    await slow
    expect(h.events).toEqual(['show:加载中:false', 'hide'])
  })
})
