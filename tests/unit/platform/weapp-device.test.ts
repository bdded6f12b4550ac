import { fakeTaro, ok } from './fake-taro'

jest.mock('@tarojs/taro', () => require('./fake-taro').fakeTaroModule())
jest.mock('../../../src/platform/env', () => jest.requireActual('../../../src/platform/env.weapp'))
jest.mock('../../../src/platform/login', () => jest.requireActual('../../../src/platform/login.weapp'))

import { watchCompass } from '../../../src/platform/compass.weapp'
import * as env from '../../../src/platform/env.weapp'
import { chooseAndUploadImages, chooseImages } from '../../../src/platform/image'
import { transport } from '../../../src/platform/transport'

const taro = fakeTaro()

beforeEach(() => {
  taro.storage.clear()
  jest.clearAllMocks()
})

describe('mini-program environment', () => {
  const saved = process.env.API_BASE
  afterEach(() => {
    // Assigning undefined to process.env would store the text 'undefined'.
    if (saved === undefined) delete process.env.API_BASE
    else process.env.API_BASE = saved
  })

  it('is the wxapp client on the local API host unless API_BASE names one', () => {
    expect(env.client()).toBe('wxapp')
    expect(env.isWechatBrowser()).toBe(false)
    expect(env.insideWechat()).toBe(true)
    delete process.env.API_BASE
    expect(env.baseUrl()).toBe('http://127.0.0.1:3000')
    process.env.API_BASE = 'https://api.example.com'
    expect(env.baseUrl()).toBe('https://api.example.com')
  })

  it('reports the current page with its options', () => {
    taro.getCurrentPages.mockReturnValueOnce([
      { route: 'pages/my/my' },
      { route: 'pages/course/detail', options: { course_id: '3' } }
    ])
    expect(env.currentUrl()).toBe('/pages/course/detail?course_id=3')
  })
})

describe('images', () => {
  it('chooses up to 9 by default', async () => {
    taro.chooseImage.mockResolvedValueOnce({ tempFilePaths: ['wxfile://a', 'wxfile://b'] })
    await expect(chooseImages()).resolves.toEqual(['wxfile://a', 'wxfile://b'])
    expect(taro.chooseImage).toHaveBeenCalledWith(expect.objectContaining({ count: 9 }))
  })

  it('treats "chooseImage:fail cancel" as a cancel, not an error', async () => {
    taro.chooseImage.mockRejectedValueOnce({ errMsg: 'chooseImage:fail cancel' })
    await expect(chooseImages(1)).resolves.toEqual([])
    taro.chooseImage.mockRejectedValueOnce({ errMsg: 'chooseImage:fail auth deny' })
    await expect(chooseImages(1)).rejects.toEqual({ errMsg: 'chooseImage:fail auth deny' })
  })

  it('uploads each chosen image as multipart field "file" through the envelope handling', async () => {
    taro.storage.set('Authorization', { user_id: 2, token: 'tk' })
    taro.chooseImage.mockResolvedValueOnce({ tempFilePaths: ['wxfile://a', 'wxfile://b'] })
    taro.uploadFile.mockImplementation(async ({ filePath }: { filePath: string }) => ({
      statusCode: 200,
      data: JSON.stringify(ok({ url: `/uploads/${filePath.slice(-1)}.png`, file_id: filePath.length }))
    }))
    const uploaded = await chooseAndUploadImages()
    expect(uploaded.map((u) => u.url)).toEqual(['/uploads/a.png', '/uploads/b.png'])
    expect(taro.uploadFile).toHaveBeenCalledWith(
      expect.objectContaining({
        url: 'http://127.0.0.1:3000/api/file.upload/image',
        name: 'file',
        header: { Authorization: 'tk', 'Accept-Language': 'zh-Hans' },
        formData: expect.objectContaining({ app_id: '10001', client: 'wxapp', token: 'tk', user_id: '2' })
      })
    )
  })

  it('uploads an ID photo or plan to the private upload, previewed through the signed link it answers', async () => {
    taro.storage.set('Authorization', { user_id: 2, token: 'tk' })
    taro.chooseImage.mockResolvedValueOnce({ tempFilePaths: ['wxfile://p'] })
    const signed = 'http://127.0.0.1:3000/api/file.private/image?key=202611%2Fp.png&exp=1&sig=s'
    taro.uploadFile.mockReset().mockResolvedValue({
      statusCode: 200,
      data: JSON.stringify(ok({ url: signed, ref: 'private:202611/p.png', file_id: 5 }))
    })
    expect(await chooseAndUploadImages(1, { private: true })).toEqual([
      { url: signed, ref: 'private:202611/p.png', file_id: 5 }
    ])
    expect(taro.uploadFile).toHaveBeenCalledWith(
      expect.objectContaining({ url: 'http://127.0.0.1:3000/api/file.upload/private', name: 'file' })
    )
  })
})

describe('compass', () => {
  it('reports headings until stopped', async () => {
    const headings: number[] = []
    const watch = await watchCompass((h) => headings.push(h))
    expect(watch.status).toBe('ok')
    const listener = taro.onCompassChange.mock.calls[0][0] as (r: { direction: number }) => void
    listener({ direction: 90 })
    listener({ direction: 360 })
    expect(headings).toEqual([90, 0])
    watch.stop()
    expect(taro.offCompassChange).toHaveBeenCalledWith(listener)
    expect(taro.stopCompass).toHaveBeenCalled()
  })

  it('is unsupported when the device has no compass', async () => {
    taro.startCompass.mockRejectedValueOnce({ errMsg: 'startCompass:fail' })
    await expect(watchCompass(() => undefined)).resolves.toMatchObject({ status: 'unsupported' })
  })
})

describe('transport', () => {
  it("maps the framework's failure and the H5 time-out abort", async () => {
    taro.request.mockRejectedValueOnce({ errMsg: 'request:fail timeout', errno: 5 })
    await expect(transport.request({ url: 'u', method: 'GET', header: {}, timeout: 1 })).rejects.toEqual({
      errMsg: 'request:fail timeout',
      errno: 5
    })
    taro.request.mockRejectedValueOnce(Object.assign(new Error('The user aborted a request.'), { name: 'AbortError' }))
    await expect(transport.request({ url: 'u', method: 'GET', header: {}, timeout: 1 })).rejects.toEqual({
      errMsg: 'request:fail timeout',
      errno: 5
    })
    taro.uploadFile.mockRejectedValueOnce({ errMsg: 'uploadFile:fail', errno: 602001 })
    await expect(
      transport.upload({ url: 'u', filePath: 'f', name: 'file', formData: {}, header: {}, timeout: 1 })
    ).rejects.toEqual({ errMsg: 'uploadFile:fail', errno: 602001 })
  })

  it("gives a failure without a code (a browser fetch finding no network) the spec's network-error code", async () => {
    taro.request.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    await expect(transport.request({ url: 'u', method: 'GET', header: {}, timeout: 1 })).rejects.toEqual({
      errMsg: 'Failed to fetch',
      errno: 5
    })
    taro.uploadFile.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    await expect(
      transport.upload({ url: 'u', filePath: 'f', name: 'file', formData: {}, header: {}, timeout: 1 })
    ).rejects.toEqual({ errMsg: 'Failed to fetch', errno: 602001 })
  })
})
