/**
 * @jest-environment jsdom
 * @jest-environment-options {"url": "http://h5.test/#/"}
 */
import { fakeTaro, ok, serveApi } from './fake-taro'

jest.mock('@tarojs/taro', () => require('./fake-taro').fakeTaroModule())

import { getHome } from '../../../src/api'

const taro = fakeTaro()
const home = (title: string) => ({ banners: [], nav: [], notices: [], sections: [{ key: 's', title, items: [] }] })
type Early = { __yixuePrefetch?: Record<string, Promise<unknown> | undefined> }

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
})
