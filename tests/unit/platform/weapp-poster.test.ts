import { fakeTaro, ok, serveApi } from './fake-taro'

jest.mock('@tarojs/taro', () => require('./fake-taro').fakeTaroModule())
jest.mock('@/platform/env', () => jest.requireActual('@/platform/env.weapp'))
jest.mock('@/platform/login', () => jest.requireActual('@/platform/login.weapp'))

import { inviteCodeImage } from '@/platform/poster.weapp'

const taro = fakeTaro()

/** A mini-program canvas node whose images load (or fail) at once. */
function canvas(loads = true) {
  const made: Array<{ src: string }> = []
  return {
    made,
    createImage() {
      const img = { onload: () => {}, onerror: () => {}, src: '' }
      made.push(img)
      return new Proxy(img, {
        set(target, key, value) {
          ;(target as Record<string | symbol, unknown>)[key] = value
          if (key === 'src') queueMicrotask(() => (loads ? target.onload() : target.onerror()))
          return true
        }
      })
    }
  }
}

beforeEach(() => {
  taro.storage.clear()
  taro.storage.set('Authorization', { user_id: 7, token: 't' })
})

describe('the invitation poster in the mini-program', () => {
  it('draws the mini-program code the server made for me when there is one', async () => {
    const calls = serveApi(taro, { '/api/user.invite/mpCode': () => ok({ url: 'https://api.test/uploads/wxacode/7-abc.png' }) })
    const node = canvas()
    await expect(inviteCodeImage(node)).resolves.toBeDefined()
    expect(node.made.map((i) => i.src)).toEqual(['https://api.test/uploads/wxacode/7-abc.png'])
    expect(calls.map((c) => c.url.replace(/^https?:\/\/[^/]+/, ''))).toEqual(['/api/user.invite/mpCode'])
  })

  it('falls back to the QR of the link when no mini-program is configured or WeChat fails', async () => {
    serveApi(taro, { '/api/user.invite/mpCode': () => ok({ url: null }) })
    await expect(inviteCodeImage(canvas())).resolves.toBeUndefined()
    serveApi(taro, { '/api/user.invite/mpCode': () => ({ code: 0, msg: '微信服务暂时不可用，请稍后再试', data: null }) })
    await expect(inviteCodeImage(canvas())).resolves.toBeUndefined()
  })
})
