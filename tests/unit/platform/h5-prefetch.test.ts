/**
 * @jest-environment jsdom
 * @jest-environment-options {"url": "http://h5.test/#/"}
 */
import { fakeTaro, ok, serveApi } from './fake-taro'

jest.mock('@tarojs/taro', () => require('./fake-taro').fakeTaroModule())

import { act, renderHook } from '@testing-library/react'

import { arrivedHome, getHome } from '../../../src/api'
import { useHome } from '../../../src/components/Home/useHome'

const taro = fakeTaro()
const home = (title: string) => ({ banners: [], nav: [], notices: [], sections: [{ key: 's', title, items: [] }] })
type Early = {
  __yixuePrefetch?: Record<string, Promise<unknown> | undefined>
  __yixueArrived?: Record<string, unknown>
}
/** What index.html leaves once its early request has its answer. */
const arrive = (envelope: unknown, statusCode = 200) => {
  const response = { statusCode, data: envelope }
  ;(window as Early).__yixuePrefetch = { '/api/index/index': Promise.resolve(response) }
  ;(window as Early).__yixueArrived = { '/api/index/index': response }
}

describe('H5 home data asked for by index.html before the app runs', () => {
  it('the first home load takes the early response; the next one asks the server', async () => {
    const calls = serveApi(taro, { '/api/index/index': () => ok(home('服务器')) })
    ;(window as Early).__yixuePrefetch = {
      '/api/index/index': Promise.resolve({ statusCode: 200, data: ok(home('提前取得')) })
    }
    expect((await getHome()).sections[0].title).toBe('提前取得')
    expect(calls.filter((c) => c.url.endsWith('/api/index/index'))).toHaveLength(0)
    expect((await getHome()).sections[0].title).toBe('服务器')
    expect(calls.filter((c) => c.url.endsWith('/api/index/index'))).toHaveLength(1)
  })

  it('an early fetch that failed is asked again from the server', async () => {
    const calls = serveApi(taro, { '/api/index/index': () => ok(home('服务器')) })
    ;(window as Early).__yixuePrefetch = { '/api/index/index': Promise.resolve(undefined) }
    expect((await getHome()).sections[0].title).toBe('服务器')
    expect(calls.filter((c) => c.url.endsWith('/api/index/index'))).toHaveLength(1)
  })

  it('data already here is drawn by the first render, with no loading state and no request', async () => {
    const calls = serveApi(taro, { '/api/index/index': () => ok(home('服务器')) })
    arrive(ok(home('提前取得')))
    const { result } = renderHook(() => useHome())
    expect(result.current.loading).toBe(false)
    expect(result.current.data?.sections[0].title).toBe('提前取得')
    await act(async () => undefined)
    expect(calls.filter((c) => c.url.endsWith('/api/index/index'))).toHaveLength(0)
    // Pull-down refresh asks the server: the early answer is used once.
    await act(() => result.current.reload())
    expect(result.current.data?.sections[0].title).toBe('服务器')
    expect(calls.filter((c) => c.url.endsWith('/api/index/index'))).toHaveLength(1)
  })

  it('an early answer that is no success is left to the request, which handles its code', async () => {
    serveApi(taro, { '/api/index/index': () => ok(home('服务器')) })
    arrive({ code: 0, msg: '首页维护中', data: null })
    expect(arrivedHome()).toBeUndefined()
    await expect(getHome()).rejects.toMatchObject({ code: 0, msg: '首页维护中' })
    arrive(ok(home('提前取得')), 502)
    expect(arrivedHome()).toBeUndefined()
  })
})
