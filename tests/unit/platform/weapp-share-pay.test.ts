import { fakeTaro, ok, serveApi } from './fake-taro'

jest.mock('@tarojs/taro', () => require('./fake-taro').fakeTaroModule())
jest.mock('../../../src/platform/env', () => jest.requireActual('../../../src/platform/env.weapp'))
jest.mock('../../../src/platform/login', () => jest.requireActual('../../../src/platform/login.weapp'))
jest.mock('../../../src/platform/wechat-pay', () => jest.requireActual('../../../src/platform/wechat-pay.weapp'))

import type { WechatPayParams } from '../../../contract'
import { payOrder } from '../../../src/platform/pay'
import { currentShareLink, useShare } from '../../../src/platform/share.weapp'

const taro = fakeTaro()

beforeEach(() => {
  taro.storage.clear()
  jest.clearAllMocks()
})

describe('mini-program sharing', () => {
  it('onShareAppMessage returns /route?options&referee_id=<me>, onShareTimeline the query', () => {
    taro.storage.set('Authorization', { user_id: 7, token: 't' })
    taro.getCurrentInstance.mockReturnValue({
      router: { path: '/pages/course/detail', params: { course_id: '12', referee_id: '3', $taroTimestamp: '1' } }
    })
    useShare({ title: '易学入门课', imageUrl: 'https://cdn.test/c.png' })
    expect(taro.hooks.shareAppMessage()).toEqual({
      path: '/pages/course/detail?course_id=12&referee_id=7',
      title: '易学入门课',
      imageUrl: 'https://cdn.test/c.png'
    })
    expect(taro.hooks.shareTimeline()).toEqual({
      query: 'course_id=12&referee_id=7',
      title: '易学入门课',
      imageUrl: 'https://cdn.test/c.png'
    })
    expect(currentShareLink()).toBe('/pages/course/detail?course_id=12&referee_id=7')
  })

  it('reads the user at share time, not when the page registered', () => {
    taro.getCurrentInstance.mockReturnValue({ router: { path: '/pages/my/my', params: {} } })
    useShare({ title: '我的' })
    taro.storage.set('Authorization', { user_id: 8, token: 't' })
    expect(taro.hooks.shareAppMessage()).toMatchObject({ path: '/pages/my/my?referee_id=8' })
  })

  it('shares the target a page names instead of itself (a record only its owner may open)', () => {
    taro.storage.set('Authorization', { user_id: 7, token: 't' })
    taro.getCurrentInstance.mockReturnValue({ router: { path: '/calculation/pages/baogao', params: { id: '12' } } })
    useShare({
      title: '八字详批报告',
      target: { route: 'pages/bazi/plate', options: { date: '1990-05-15 14:30', gender: 'male' } }
    })
    expect(taro.hooks.shareAppMessage()).toMatchObject({
      path: '/pages/bazi/plate?date=1990-05-15%2014%3A30&gender=male&referee_id=7'
    })
  })
})

describe('mini-program payment', () => {
  const params: WechatPayParams = {
    appId: 'wxmp',
    timeStamp: '1700000000',
    nonceStr: 'nonce',
    package: 'prepay_id=wx201410272009395522657a690389285100',
    signType: 'RSA',
    paySign: 'sig'
  }

  it("calls wx.requestPayment with the server's params and resolves paid", async () => {
    await expect(
      payOrder({ out_trade_no: 'T1', amount_fen: 100, provider: 'wechat', pay_params: params })
    ).resolves.toBe('paid')
    expect(taro.requestPayment).toHaveBeenCalledWith({
      timeStamp: '1700000000',
      nonceStr: 'nonce',
      package: params.package,
      signType: 'RSA',
      paySign: 'sig'
    })
  })

  it('a closed cashier is a cancel, any other failure rejects', async () => {
    taro.requestPayment.mockRejectedValueOnce({ errMsg: 'requestPayment:fail cancel' })
    await expect(
      payOrder({ out_trade_no: 'T1', amount_fen: 100, provider: 'wechat', pay_params: params })
    ).resolves.toBe('cancelled')
    taro.requestPayment.mockRejectedValueOnce({ errMsg: 'requestPayment:fail (detail message)' })
    await expect(
      payOrder({ out_trade_no: 'T1', amount_fen: 100, provider: 'wechat', pay_params: params })
    ).rejects.toThrow('支付失败，请稍后再试')
  })

  it('the sandbox asks for confirmation and confirms at the server', async () => {
    const calls = serveApi(taro, { '/api/pay.sandbox/confirm': () => ok({}) })
    await expect(payOrder({ out_trade_no: 'T9', amount_fen: 1280, provider: 'sandbox' })).resolves.toBe('paid')
    expect(taro.showModal).toHaveBeenCalledWith(
      expect.objectContaining({ title: '模拟支付', content: '支付 ¥12.80（测试环境，不会真实扣款）' })
    )
    expect(calls[0]).toMatchObject({ url: 'http://127.0.0.1:3000/api/pay.sandbox/confirm', method: 'POST' })
    expect(calls[0].data).toMatchObject({ out_trade_no: 'T9' })
    expect(taro.requestPayment).not.toHaveBeenCalled()
  })
})
