import { fakeTaro, ok, serveApi } from './fake-taro'

jest.mock('@tarojs/taro', () => require('./fake-taro').fakeTaroModule())
jest.mock('../../../src/platform/env', () => jest.requireActual('../../../src/platform/env.weapp'))
jest.mock('../../../src/platform/login', () => jest.requireActual('../../../src/platform/login.weapp'))

import { inviteCodeImage, savePoster, sharePosterImage } from '../../../src/platform/poster.weapp'

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
    const calls = serveApi(taro, {
      '/api/user.invite/mpCode': () => ok({ url: 'https://api.test/uploads/wxacode/7-abc.png' })
    })
    const node = canvas()
    await expect(inviteCodeImage(node)).resolves.toBeDefined()
    expect(node.made.map((i) => i.src)).toEqual(['https://api.test/uploads/wxacode/7-abc.png'])
    expect(calls.map((c) => c.url.replace(/^https?:\/\/[^/]+/, ''))).toEqual(['/api/user.invite/mpCode'])
  })

  it('falls back to the QR of the link when no mini-program is configured or WeChat fails', async () => {
    serveApi(taro, { '/api/user.invite/mpCode': () => ok({ url: null }) })
    await expect(inviteCodeImage(canvas())).resolves.toBeUndefined()
    serveApi(taro, {
      '/api/user.invite/mpCode': () => ({ code: 0, msg: '微信服务暂时不可用，请稍后再试', data: null })
    })
    await expect(inviteCodeImage(canvas())).resolves.toBeUndefined()
  })
})

describe('saving and sending a poster in the mini-program', () => {
  const wx = taro as unknown as Record<string, jest.Mock>

  it("hands the image to WeChat's share sheet (friends, Moments, save)", async () => {
    wx.showShareImageMenu = jest.fn(() => Promise.resolve({ errMsg: 'showShareImageMenu:ok' }))
    await sharePosterImage('wxfile://tmp/poster.png')
    expect(wx.showShareImageMenu).toHaveBeenCalledWith({ path: 'wxfile://tmp/poster.png' })
  })

  it('saves to the album, and once the album was refused sends the user to the settings with a reason', async () => {
    wx.saveImageToPhotosAlbum = jest.fn(() => Promise.resolve({ errMsg: 'saveImageToPhotosAlbum:ok' }))
    wx.openSetting = jest.fn(() => Promise.resolve({ authSetting: {} }))
    await expect(savePoster('wxfile://tmp/poster.png')).resolves.toBe('saved')
    expect(wx.saveImageToPhotosAlbum).toHaveBeenCalledWith({ filePath: 'wxfile://tmp/poster.png' })
    expect(wx.openSetting).not.toHaveBeenCalled()

    wx.saveImageToPhotosAlbum = jest.fn(() => Promise.reject({ errMsg: 'saveImageToPhotosAlbum:fail auth deny' }))
    await expect(savePoster('wxfile://tmp/poster.png')).rejects.toThrow('请允许保存到相册后再试')
    expect(wx.openSetting).toHaveBeenCalled()
  })
})
