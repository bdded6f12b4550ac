import { shipOrder } from '../../server/modules/shop/order-lifecycle'
import { MiniProgram } from './harness'
import { api } from './harness/api'
import { startTestServer, type TestServer } from './harness/server'
import { startWechatPay, type WechatPay } from './harness/wechat-pay'

/** Key flows tapped through by what the pages show, in the headless runtime against the real server. */
// Payments go through WeChat Pay (the server's real v3 driver, WeChat's side played by the harness),
// so the mini-program pays with wx.requestPayment as on a phone.
let server: TestServer
let wechatPay: WechatPay
beforeAll(async () => {
  wechatPay = await startWechatPay()
  server = await startTestServer(wechatPay.env)
}, 120000)
afterAll(async () => {
  await server?.close()
  await wechatPay?.close()
})

async function launch(nickname: string): Promise<MiniProgram> {
  const mp = await MiniProgram.launch({ server: server.url, user: { nickname }, wechatPay })
  expect(mp.storage('Authorization')).toMatchObject({ user_id: expect.any(Number) })
  return mp
}

const tokenOf = (mp: MiniProgram) => (mp.storage('Authorization') as { token: string }).token

function clean(mp: MiniProgram) {
  expect(mp.errors).toEqual([])
  expect(mp.unimplemented).toEqual([])
  expect(mp.ruleBreaches()).toEqual([])
}

test('bazi: a birth is charted, its pillars shown, saved, and listed in my records', async () => {
  const mp = await launch('排盘用户')
  try {
    await mp.tap('八字排盘')
    expect(mp.top?.route).toBe('pages/bazi/bazi')
    await mp.type('选填', '李四')
    await mp.change('picker', { value: '1990-05-17' }, 0)
    await mp.change('picker', { value: '08:30' }, 1)
    expect(mp.text()).toContain('1990')
    await mp.tap('开始排盘')
    expect(mp.top?.route).toBe('pages/bazi/plate')
    // 1990-05-17 08:30 (07:30 after the daylight-saving correction): 庚午 辛巳 壬午 甲辰, one column each.
    expect(mp.text()).toContain('天干 庚 辛 壬 甲 地支 午 巳 午 辰')
    await mp.tap('保存档案')
    await mp.type('如：张三', '李四本命')
    await mp.tap('保存', -1)
    expect(mp.log.some((e) => e.kind === 'toast' && e.detail === '已保存到八字档案')).toBe(true)
    const { list } = await api(server.url, 'POST', '/api/tools.index/baziList', {}, tokenOf(mp))
    expect(list).toHaveLength(1)
    expect(list[0].name).toBe('李四本命')
    expect(list[0].pillars).toEqual(['庚午', '辛巳', '壬午', '甲辰'])
    await mp.reLaunch('/pages/bazi/list')
    expect(mp.text()).toContain('李四本命')
    clean(mp)
  } finally {
    mp.close()
  }
})

test('shop: cart to order, WeChat Pay closed once then paid; shipped, confirmed in WeChat’s 确认收货', async () => {
  const mp = await launch('购物用户')
  try {
    // The delivery address is set up beforehand (its region picker is not what this flow is about).
    await api(
      server.url,
      'POST',
      '/api/user.address/add',
      {
        name: '王五',
        mobile: '13800138000',
        province_code: '110000',
        city_code: '110100',
        district_code: '110101',
        detail: '东直门南大街 11 号',
        is_default: true
      },
      tokenOf(mp)
    )
    await mp.tap('商城', -1)
    await mp.tap('手串佩饰')
    await mp.tap('绿檀手串')
    expect(mp.top?.route).toBe('goods/pages/goods/goods')
    await mp.tap('加入购物车', -1)
    await mp.tap('加入购物车', -1)
    expect(mp.log.some((e) => e.kind === 'toast' && e.detail === '已加入购物车')).toBe(true)
    await mp.tap('购物车')
    expect(mp.top?.route).toBe('goods/pages/cart/cart')
    expect(mp.text()).toContain('绿檀手串')
    await mp.tap(/结算\(1\)/)
    expect(mp.top?.route).toBe('goods/pages/order/confirm')
    expect(mp.text()).toContain('王五')
    // WeChat's cashier opens; the user closes it: the order waits in 待付款.
    mp.cashierAnswers.push('cancel')
    await mp.tap('提交订单')
    expect(mp.log.filter((e) => e.kind === 'requestPayment')).toHaveLength(1)
    expect(mp.log.some((e) => e.kind === 'toast' && e.detail === '支付已取消，可在订单中继续支付')).toBe(true)
    expect(mp.top?.route).toBe('goods/pages/order/detail')
    expect(mp.text()).toContain('待付款')
    // Paying from the order: the cashier pays, WeChat's notice reaches the server, the order is paid.
    await mp.tap('去支付')
    expect(mp.log.filter((e) => e.kind === 'requestPayment')).toHaveLength(2)
    expect(mp.log.some((e) => e.kind === 'modal')).toBe(false)
    expect(mp.top?.route).toBe('goods/pages/order/pay-success')
    expect(mp.text()).toContain('支付成功')
    await mp.tap('查看订单')
    expect(mp.top?.route).toBe('goods/pages/order/detail')
    expect(mp.text()).toContain('待发货')
    const orders = await api(server.url, 'GET', '/api/user.order/lists', {}, tokenOf(mp))
    expect(orders.list[0].status_text).toBe('待发货')
    // WeChat Pay was asked for exactly the order's amount.
    expect([...wechatPay.prepays.values()].at(-1)?.amountFen).toBe(orders.list[0].pay_amount)

    // Shipped: its shipping info goes to WeChat (the simulator), which then holds the order for the buyer.
    const order = orders.list[0]
    await shipOrder(server.database.db, server.app.services.notify, order.order_no, {
      company: '顺丰速运',
      no: 'SF1500000000'
    })
    await server.app.services.shipping.uploadDue()
    const outTradeNo = [...wechatPay.prepays.keys()].at(-1)!
    // WeChat's shipping message opens the order page with the payment's numbers.
    await mp.reLaunch(`/goods/pages/order/detail?transaction_id=4200${outTradeNo}&merchant_trade_no=${outTradeNo}`)
    expect(mp.text()).toContain('顺丰速运 SF1500000000')
    await mp.tap('确认收货')
    const opened = mp.log.filter((e) => e.kind === 'openBusinessView')
    expect(opened).toEqual([
      {
        kind: 'openBusinessView',
        detail: { businessType: 'weappOrderConfirm', extraData: { transaction_id: `4200${outTradeNo}` } }
      }
    ])
    expect(mp.log.some((e) => e.kind === 'toast' && e.detail === '已确认收货')).toBe(true)
    expect(mp.text()).toContain('已完成')
    clean(mp)
  } finally {
    mp.close()
  }
})

test('course: a lesson page plays its signed video link', async () => {
  const mp = await launch('学习用户')
  try {
    await mp.tap('课程', -1)
    await mp.tap('周易通识公开课')
    expect(mp.top?.route).toBe('pages/course/detail')
    await mp.tap('免费报名')
    await mp.tap('继续学习')
    expect(mp.top?.route).toBe('live/pages/recorded/detail')
    const video = mp.attrs('video')
    expect(String(video?.src)).toMatch(/\/api\/course\.lesson\/video\?.*sig=/)
    const res = await fetch(String(video!.src).replace(/^https?:\/\/[^/]+/, server.url), {
      headers: { range: 'bytes=0-99' }
    })
    expect(res.status).toBe(206)
    expect(res.headers.get('content-type')).toContain('video/')
    clean(mp)
  } finally {
    mp.close()
  }
})

test('certificate: the ID photo is uploaded privately and previewed through its signed link', async () => {
  const certificate = (await api(server.url, 'GET', '/api/certificate.index/lists', { per_page: 20 })).list[0]
  const mp = await MiniProgram.launch({
    server: server.url,
    user: { nickname: '证件照用户' },
    wechatPay,
    path: 'certificate/pages/apply',
    query: { certificate_id: String(certificate.certificate_id) }
  })
  try {
    await mp.tap('+')
    const uploads = mp.log
      .filter((e) => e.kind === 'uploadFile')
      .map((e) => e.detail as { url: string; status: number })
    expect(uploads).toEqual([{ url: expect.stringMatching(/\/api\/file\.upload\/private$/), status: 200 }])
    const images = Array.from({ length: 10 }, (_, n) => String(mp.attrs('image', n)?.src ?? ''))
    const src = images.find((i) => i.includes('/api/file.private/')) ?? images.join(' ')
    expect(src).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/api\/file\.private\/image\?key=\d{6}%2F[0-9a-f]{32}\.png&exp=\d+&sig=/
    )
    const shown = await fetch(src)
    expect(shown.status).toBe(200)
    expect(shown.headers.get('content-type')).toBe('image/png')
    expect(mp.text()).toContain('点击照片可重新选择')
    clean(mp)
  } finally {
    mp.close()
  }
})
