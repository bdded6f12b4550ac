import Taro from '@tarojs/taro'

import type { PayStatusResponse, UserCounts, UserProfile } from '../../contract'
import * as indexApi from '../../src/api'
import * as payApi from '../../src/api/pay'
import * as userApi from '../../src/api/user'
import * as walletApi from '../../src/api/wallet'
import MinePanel from '../../src/components/Mine/MinePanel'
import { clearCredential, saveCredential } from '../../src/core/credential'
import Mine from '../../src/pages/mine/mine'
import OnlineOrders from '../../src/pages/my/online'
import PayResult from '../../src/pages/pay/pay'
import TextPage from '../../src/pages/text/text'
import { refusal } from '../../src/pages/web/allowed'
import Web from '../../src/pages/web/web'
import { appStorage } from '../../src/platform/storage'
import { byText, tap } from './events'
import { renderPage, settle } from './render'

jest.mock('../../src/api/wallet')
jest.mock('../../src/api/user')
jest.mock('../../src/api')
jest.mock('../../src/api/pay')
// 我的 asks for the unread count of its 消息中心 entry (tests/app/messages.test.tsx).
jest.mock('../../src/api/unread')
const wallet = walletApi as jest.Mocked<typeof walletApi>
const user = userApi as jest.Mocked<typeof userApi>
const index = indexApi as jest.Mocked<typeof indexApi>
const pay = payApi as jest.Mocked<typeof payApi>

const PROFILE: UserProfile = {
  user_id: 7,
  nickname: '易友',
  avatar: '',
  gender: 0,
  mobile: '',
  birthday: '',
  level: 2,
  referee_id: 0,
  created_at: '2026-01-01T00:00:00Z'
}
const COUNTS: UserCounts = {
  orders: { unpaid: 2, unshipped: 0, unreceived: 1, refunding: 0 },
  coupons: 3,
  favorites: 5,
  follows: 0
}

beforeEach(() => {
  saveCredential(appStorage, { user_id: 7, token: 'token-7' })
  user.getUserDetail.mockResolvedValue({ user: PROFILE })
  wallet.getUserCounts.mockResolvedValue(COUNTS)
  user.takeNotices.mockResolvedValue({ list: [] })
})
afterEach(() => {
  clearCredential(appStorage)
  jest.clearAllMocks()
})

describe('我的 tab and pages/mine/mine', () => {
  it('shows avatar, nickname, member level, the counts and the live "my" pages', async () => {
    const { container } = await renderPage(MinePanel, { route: 'pages/my/my', props: { tab: 5 } })
    expect(container.querySelector('.mine__nickname')?.textContent).toBe('易友')
    expect(container.querySelector('.profile-head__level')?.textContent).toBe('会员 Lv.2')
    const number = (label: string) => byText(container, '.counts__label', label)?.parentElement?.textContent
    expect(number('优惠券')).toBe('3优惠券')
    expect(number('收藏')).toBe('5收藏')
    expect(number('待付款')).toContain('2')
    const entries = Array.from(container.querySelectorAll('.entry-grid__label')).map((e) => e.textContent)
    expect(entries).toEqual(
      expect.arrayContaining(['我的钱包', '收支明细', '推荐好友', '邀请函', '线上课程订单', '关于我们'])
    )
  })

  it('tells the owner once about content the check took down', async () => {
    const modal = jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false } as never)
    user.takeNotices.mockResolvedValue({ list: ['您的头像未通过内容安全检查，已恢复为默认头像'] })
    await renderPage(MinePanel, { route: 'pages/my/my', props: { tab: 5 } })
    expect(modal).toHaveBeenCalledWith(
      expect.objectContaining({ title: '内容未通过审核', content: '您的头像未通过内容安全检查，已恢复为默认头像' })
    )
    modal.mockRestore()
  })

  it('offers a login to visitors and no counts', async () => {
    clearCredential(appStorage)
    const { container } = await renderPage(MinePanel, { route: 'pages/my/my', props: { tab: 5 } })
    expect(container.textContent).toContain('您还未登录')
    expect(container.querySelector('.counts')).toBeNull()
    expect(wallet.getUserCounts).not.toHaveBeenCalled()
  })

  it('pages/mine/mine shares the same pieces, with a compact header', async () => {
    const { container } = await renderPage(Mine, { route: 'pages/mine/mine', depth: 2 })
    expect(container.querySelector('.profile-head--compact .mine__nickname')?.textContent).toBe('易友')
    expect(container.querySelectorAll('.entry-grid__cell').length).toBeGreaterThan(5)
  })
})

describe('pages/text/text', () => {
  it('shows the server text page by key, with its title', async () => {
    wallet.getTextPage.mockResolvedValue({
      key: 'withdraw-rule',
      title: '提现说明',
      content: '<p>满 10 元可提现</p>',
      updated_at: ''
    })
    const { container } = await renderPage(TextPage, {
      route: 'pages/text/text',
      params: { key: 'withdraw-rule' },
      depth: 2
    })
    expect(wallet.getTextPage).toHaveBeenCalledWith({ key: 'withdraw-rule' })
    expect(container.querySelector('.nav-bar__title')?.textContent).toBe('提现说明')
  })

  it('says what is wrong when the key is missing or unknown', async () => {
    const missing = await renderPage(TextPage, { route: 'pages/text/text', depth: 2 })
    expect(missing.container.textContent).toContain('页面地址缺少 key 参数')
    missing.unmount()
    wallet.getTextPage.mockRejectedValue({ code: 0, msg: '页面不存在或已下线' })
    const unknown = await renderPage(TextPage, { route: 'pages/text/text', params: { key: 'x' }, depth: 2 })
    expect(unknown.container.textContent).toContain('页面不存在或已下线')
  })
})

describe('pages/web/web', () => {
  it('allows only the configured hosts (and their subdomains)', () => {
    expect(refusal('https://mp.weixin.qq.com/s/abc', ['mp.weixin.qq.com'])).toBeUndefined()
    expect(refusal('https://news.example.com/a', ['example.com'])).toBeUndefined()
    expect(refusal('https://evil-example.com/a', ['example.com'])).toContain('evil-example.com')
    expect(refusal('javascript:alert(1)', ['example.com'])).toBe('链接地址不正确')
    expect(refusal('https://example.com.evil.cn/', ['example.com'])).toContain('example.com.evil.cn')
  })

  it('refuses a host the server does not list, with a message', async () => {
    index.getConfig.mockResolvedValue({
      wechat_app_id: '',
      oauth_authorize_url: '',
      h5_url: '',
      map_key: '',
      version: '1.0.0',
      web_view_hosts: ['mp.weixin.qq.com']
    })
    const { container } = await renderPage(Web, {
      route: 'pages/web/web',
      params: { url: 'https://phish.example.cn/login' },
      depth: 2
    })
    expect(container.textContent).toContain('出于安全考虑，不能在应用内打开 phish.example.cn 的页面')
  })
})

describe('pages/pay/pay', () => {
  const status = (s: PayStatusResponse['status']): PayStatusResponse => ({
    out_trade_no: '20260501120000123',
    status: s,
    amount_fen: 9900,
    biz_type: 'course',
    biz_id: 4,
    paid_at: s === 'paid' ? '2026-05-01T04:00:00Z' : ''
  })

  it('shows success with the amount and a link to the orders', async () => {
    pay.getPayStatus.mockResolvedValue(status('paid'))
    const { container } = await renderPage(PayResult, {
      route: 'pages/pay/pay',
      params: { out_trade_no: '20260501120000123' },
      depth: 2
    })
    expect(container.querySelector('.pay__title')?.textContent).toBe('支付成功')
    expect(container.querySelector('.pay__amount')?.textContent).toBe('¥99.00')
    expect(container.querySelector('.pay__orders')).not.toBeNull()
  })

  it('polls while pending and turns to success when the payment is confirmed', async () => {
    pay.getPayStatus.mockResolvedValueOnce(status('created')).mockResolvedValue(status('paid'))
    const { container } = await renderPage(PayResult, {
      route: 'pages/pay/pay',
      params: { out_trade_no: '20260501120000123' },
      depth: 2
    })
    expect(container.querySelector('.pay__title')?.textContent).toBe('支付结果确认中')
    expect(container.querySelector('.pay__retry')).not.toBeNull()
    await settle(2100) // one poll interval
    expect(pay.getPayStatus).toHaveBeenCalledTimes(2)
    expect(container.querySelector('.pay__title')?.textContent).toBe('支付成功')
  })

  it('shows a failure with retry', async () => {
    pay.getPayStatus.mockResolvedValue(status('closed'))
    const { container } = await renderPage(PayResult, {
      route: 'pages/pay/pay',
      params: { out_trade_no: '20260501120000123' },
      depth: 2
    })
    expect(container.querySelector('.pay__title')?.textContent).toBe('支付未完成')
    expect(container.querySelector('.pay__retry')?.textContent).toBe('重新支付')
  })

  it('says so when the payment is not found', async () => {
    pay.getPayStatus.mockRejectedValue({ code: 0, msg: '支付单不存在' })
    const { container } = await renderPage(PayResult, {
      route: 'pages/pay/pay',
      params: { out_trade_no: 'x' },
      depth: 2
    })
    expect(container.textContent).toContain('支付单不存在')
  })
})

describe('pages/my/online', () => {
  it('lists course payments with pay-again for a waiting one', async () => {
    wallet.getPayRecords.mockResolvedValue({
      list: [
        {
          out_trade_no: 'A1',
          status: 'created',
          amount_fen: 19900,
          biz_type: 'course',
          biz_id: 4,
          paid_at: '',
          description: '课程：八字入门',
          created_at: '2026-05-01T04:00:00Z'
        },
        {
          out_trade_no: 'A2',
          status: 'paid',
          amount_fen: 9900,
          biz_type: 'course',
          biz_id: 5,
          paid_at: '2026-04-01T04:00:00Z',
          description: '课程：奇门精讲',
          created_at: '2026-04-01T03:00:00Z'
        }
      ],
      total: 2,
      page: 1,
      per_page: 15,
      last_page: 1
    })
    const { container } = await renderPage(OnlineOrders, { route: 'pages/my/online', depth: 2 })
    expect(wallet.getPayRecords).toHaveBeenCalledWith({ page: 1, biz_type: 'course' })
    const orders = container.querySelectorAll('.online__order')
    expect(orders).toHaveLength(2)
    expect(orders[0].textContent).toContain('八字入门')
    expect(orders[0].textContent).toContain('待支付')
    expect(orders[0].querySelector('.online__pay')).not.toBeNull()
    expect(orders[1].querySelector('.online__pay')).toBeNull()
    expect(orders[1].textContent).toContain('已支付')
  })
})

describe('entry taps', () => {
  it('an entry opens its page', async () => {
    const { container } = await renderPage(MinePanel, { route: 'pages/my/my', props: { tab: 5 } })
    const spy = jest.spyOn(Taro, 'navigateTo').mockResolvedValue(undefined as never)
    await tap(byText(container, '.entry-grid__label', '我的钱包')?.parentElement ?? null)
    expect(spy).toHaveBeenCalledWith({ url: '/pages/my/wallet' })
  })
})
