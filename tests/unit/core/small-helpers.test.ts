import { browserClient, isIosUserAgent } from '../../../src/core/client'
import * as C from '../../../src/core/constants'
import { errorMessage, NetworkError } from '../../../src/core/errors'
import { checkMapKey } from '../../../src/core/map'

describe('checkMapKey', () => {
  it('logs exactly "Map key not configured." when no key is set', () => {
    for (const key of [undefined, null, '', '   ']) {
      const log = jest.fn()
      expect(checkMapKey(key, log)).toBe(false)
      expect(log).toHaveBeenCalledWith('Map key not configured.')
    }
  })
  it('stays silent with a key', () => {
    const log = jest.fn()
    expect(checkMapKey('ABCDE-12345', log)).toBe(true)
    expect(log).not.toHaveBeenCalled()
  })
})

describe('client detection', () => {
  // User agents as published by WeChat (iOS in-app browser) and a desktop Chrome.
  const wechat =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
    'Mobile/15E148 MicroMessenger/8.0.43(0x18002b2c) NetType/WIFI Language/zh_CN'
  const chrome =
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'
  it('is h5 inside WeChat and web elsewhere', () => {
    expect(browserClient(wechat)).toBe('h5')
    expect(browserClient(chrome)).toBe('web')
  })
  it('recognises iOS', () => {
    expect(isIosUserAgent(wechat)).toBe(true)
    expect(isIosUserAgent(chrome)).toBe(false)
  })
})

describe('errorMessage', () => {
  it('reads envelopes, errors and text', () => {
    expect(errorMessage({ code: 0, msg: '库存不足', data: null })).toBe('库存不足')
    expect(errorMessage({ code: 0, msg: '', data: { msg: '嵌套' } })).toBe('嵌套')
    expect(errorMessage(new NetworkError('网络异常', 'request:fail'))).toBe('网络异常')
    expect(errorMessage('出错了')).toBe('出错了')
    expect(errorMessage(undefined, '默认')).toBe('默认')
  })
})

describe('constants of docs/spec.md §8, §9', () => {
  it('hold the spec values', () => {
    expect(C.APP_ID).toBe(10001)
    expect([C.REQUEST_TIMEOUT, C.FRAMEWORK_TIMEOUT, C.TOAST_DURATION, C.IMAGE_CHOOSE_COUNT]).toEqual([
      300000, 60000, 1500, 9
    ])
    expect(C.MAP_ZOOM).toEqual({ min: 5, max: 18, default: 16 })
    expect(C.LOCATION_REFRESH_INTERVAL).toBe(30000)
    expect(C.IMAGE_PREVIEW_ZOOM).toEqual({ min: 1, max: 4 })
    expect([C.ASYNC_PAGE_LOAD_DELAY, C.ASYNC_PAGE_LOAD_TIMEOUT]).toEqual([200, 60000])
    expect(C.FAILURE_CODE).toEqual({
      TIMEOUT: 5,
      REQUEST_NETWORK_ERROR: 5,
      TRANSFER_NETWORK_ERROR: 602001,
      ABORT: 600003
    })
    expect(C.CHOOSE_IMAGE_CANCEL).toBe('chooseImage:fail cancel')
    expect(C.LOADING_TITLE).toBe('加载中')
    expect([C.APP_VERSION, C.APP_VERSION_CODE]).toEqual(['1.0.0', 100])
    expect(C.TAB_BAR).toEqual({ height: 50, iconSize: 24, fontSize: 10 })
    expect(C.REACH_BOTTOM_DISTANCE).toBe(100)
    expect(C.PICKER_YEAR_RANGE).toBe(150)
    expect(C.ENVELOPE).toEqual({ SUCCESS: 1, ERROR: 0, INVALID_TOKEN: -9999, CLEAR_STORAGE: -1, NOTHING: 200 })
  })
})
