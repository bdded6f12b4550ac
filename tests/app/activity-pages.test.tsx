import Taro from '@tarojs/taro'
import { waitFor } from '@testing-library/react'

import type { ActivitySummary } from '../../contract'
import { chinaClock, fromChinaClock } from '../../contract/china-time'
import ActivityDetail from '../../src/activity/pages/detail'
import * as api from '../../src/api/activity'
import { clearCredential, saveCredential } from '../../src/core/credential'
import ActivityList from '../../src/pages/activity/activity'
import ActivitySuccess from '../../src/pages/activity/success'
import MyActivities from '../../src/pages/my/activity'
import * as pay from '../../src/platform/pay'
import { appStorage } from '../../src/platform/storage'
import { byText, fireTaro, tap } from './events'
import { renderPage } from './render'

jest.mock('../../src/api/activity')
jest.mock('../../src/platform/pay')
const mocked = jest.mocked(api)

const DAY = 86_400_000
const activity = (over: Partial<ActivitySummary> = {}): ActivitySummary => ({
  activity_id: 3,
  title: '古村落风水实地考察',
  summary: '走进徽州古村',
  cover: '/static/demo/activity/fieldtrip.svg',
  city: '黄山',
  address: '宏村游客中心集合',
  starts_at: new Date(Date.now() + 10 * DAY).toISOString(),
  ends_at: new Date(Date.now() + 10 * DAY + 8 * 3_600_000).toISOString(),
  signup_deadline: new Date(Date.now() + 5 * DAY).toISOString(),
  capacity: 30,
  seats_left: 13,
  fee: 39900,
  open: true,
  my_status: null,
  form_fields: [],
  ...over
})
const page = <T,>(list: T[]) => ({ list, total: list.length, page: 1, per_page: 15, last_page: 1 })
// An unpaid sign-up's seat is held until the server's pay_deadline, shown on China's clock whatever the phone's zone:
// here 10:25.
const DUE = fromChinaClock(2026, 11, 22, 10, 25).toISOString()
const detail = (over: Partial<ActivitySummary> = {}, signupId = 0) => ({
  detail: {
    ...activity(over),
    content: '<p>村落选址与理水之法</p>',
    organizer: '风水专委会',
    signup_id: signupId,
    pay_deadline: over.my_status === 'unpaid' ? DUE : null
  }
})

beforeEach(() => {
  jest.resetAllMocks()
  saveCredential(appStorage, { user_id: 7, token: 'token-7' })
  jest.spyOn(Taro, 'navigateTo').mockResolvedValue(undefined as never)
  jest.spyOn(Taro, 'redirectTo').mockResolvedValue(undefined as never)
  jest.spyOn(Taro, 'showToast').mockResolvedValue(undefined as never)
  jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false } as never)
})
afterEach(() => clearCredential(appStorage))

describe('pages/activity/activity', () => {
  it('lists activities with fee, seats and the state of sign-up; a card opens the detail', async () => {
    mocked.getActivities.mockResolvedValue(
      page([
        activity(),
        activity({ activity_id: 4, title: '公益讲座', fee: 0, capacity: 5, seats_left: 0, open: false }),
        activity({ activity_id: 5, my_status: 'signed' })
      ])
    )
    const { container } = await renderPage(ActivityList, { route: 'pages/activity/activity', depth: 2 })
    expect(container.querySelectorAll('.act-card')).toHaveLength(3)
    expect(container.textContent).toContain('¥399.00')
    expect(container.textContent).toContain('17/30 人已报名')
    expect(byText(container, '.act-card__state', '名额已满')?.className).toContain('act-card__state--off')
    expect(byText(container, '.act-card__state', '已报名')).not.toBeNull()
    await tap(container.querySelector('.act-card'))
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/activity/pages/detail?activity_id=3' })
  })

  it('an empty list and a failure say so', async () => {
    mocked.getActivities.mockResolvedValueOnce(page([]))
    const empty = await renderPage(ActivityList, { route: 'pages/activity/activity', depth: 2 })
    expect(empty.container.textContent).toContain('近期没有活动')
    empty.unmount()
    mocked.getActivities.mockRejectedValue({ code: 0, msg: '服务器繁忙，请稍后再试' })
    const failed = await renderPage(ActivityList, { route: 'pages/activity/activity', depth: 2 })
    expect(failed.container.textContent).toContain('服务器繁忙，请稍后再试')
  })
})

describe('activity/pages/detail', () => {
  const open = () =>
    renderPage(ActivityDetail, { route: 'activity/pages/detail', params: { activity_id: '3' }, depth: 2 })
  const fill = async (container: HTMLElement) => {
    await fireTaro(container.querySelector('.form-field__input--name'), 'input', '李四')
    await fireTaro(container.querySelector('.form-field__input--mobile'), 'input', '13900139000')
  }

  it('shows time, place, capacity, deadline and fee', async () => {
    mocked.getActivity.mockResolvedValue(detail())
    const { container } = await open()
    expect(mocked.getActivity).toHaveBeenCalledWith({ activity_id: 3 })
    expect(container.textContent).toContain('共 30 人，剩余 13 人')
    expect(container.textContent).toContain('宏村游客中心集合')
    expect(container.textContent).toContain('报名截止')
    // RichText renders its nodes a moment after the page.
    await waitFor(() => expect(container.textContent).toContain('村落选址与理水之法'))
    expect(container.querySelector('.act-detail__btn')?.textContent).toBe('立即报名')
  })

  it('names wrong fields before sending, then signs up and pays the fee, landing on the success page', async () => {
    mocked.getActivity.mockResolvedValue(detail())
    mocked.signupActivity.mockResolvedValue({ signup_id: 88, status: 'unpaid', amount: 39900 })
    jest.mocked(pay.payOrder).mockResolvedValue('paid')
    mocked.payActivity.mockResolvedValue({ out_trade_no: 'T1', amount_fen: 39900, provider: 'sandbox' })
    const { container } = await open()
    await tap(container.querySelector('.act-detail__btn'))
    await tap(container.querySelector('.act-sheet__submit'))
    expect(container.textContent).toContain('请填写姓名')
    expect(container.textContent).toContain('请输入手机号')
    expect(mocked.signupActivity).not.toHaveBeenCalled()
    await fill(container)
    await tap(container.querySelector('.act-sheet__submit'))
    expect(mocked.signupActivity).toHaveBeenCalledWith({
      activity_id: 3,
      name: '李四',
      mobile: '13900139000',
      remark: ''
    })
    expect(mocked.payActivity).toHaveBeenCalledWith({ signup_id: 88 })
    expect(pay.payOrder).toHaveBeenCalledWith({ out_trade_no: 'T1', amount_fen: 39900, provider: 'sandbox' })
    expect(Taro.redirectTo).toHaveBeenCalledWith({ url: '/pages/activity/success?activity_id=3' })
  })

  it("asks the activity's own questions: a required one is named before sending, the answers go in order", async () => {
    mocked.getActivity.mockResolvedValue(
      detail({
        fee: 0,
        form_fields: [
          { label: '微信号', required: true },
          { label: '同行人数', required: false }
        ]
      })
    )
    mocked.signupActivity.mockResolvedValue({ signup_id: 89, status: 'signed', amount: 0 })
    const { container } = await open()
    await tap(container.querySelector('.act-detail__btn'))
    await fill(container)
    await tap(container.querySelector('.act-sheet__submit'))
    expect(container.textContent).toContain('请填写微信号')
    expect(mocked.signupActivity).not.toHaveBeenCalled()
    await fireTaro(container.querySelector('.form-field__input--answer-0'), 'input', 'lisi_wx')
    await tap(container.querySelector('.act-sheet__submit'))
    expect(mocked.signupActivity).toHaveBeenCalledWith({
      activity_id: 3,
      name: '李四',
      mobile: '13900139000',
      remark: '',
      answers: ['lisi_wx', '']
    })
  })

  it('a refusal (full meanwhile) shows in the form; a cancelled payment keeps the seat till its deadline', async () => {
    mocked.getActivity.mockResolvedValueOnce(detail()).mockResolvedValue(detail({ my_status: 'unpaid' }, 9))
    mocked.signupActivity
      .mockRejectedValueOnce({ code: 0, msg: '名额已满' })
      .mockResolvedValue({ signup_id: 9, status: 'unpaid', amount: 39900 })
    mocked.payActivity.mockResolvedValue({ out_trade_no: 'T2', amount_fen: 39900, provider: 'sandbox' })
    jest.mocked(pay.payOrder).mockResolvedValue('cancelled')
    const { container } = await open()
    await tap(container.querySelector('.act-detail__btn'))
    await fill(container)
    await tap(container.querySelector('.act-sheet__submit'))
    expect(container.querySelector('.act-sheet__form-error')?.textContent).toBe('名额已满')
    await tap(container.querySelector('.act-sheet__submit'))
    expect(container.textContent).toContain('支付已取消，可稍后在“我的活动”中支付')
    expect(container.querySelector('.act-detail__notice')?.textContent).toBe('请在 10:25 前完成支付，逾期名额自动释放')
    expect(Taro.redirectTo).not.toHaveBeenCalled()
  })

  it('a full or signed-up activity offers no sign-up; a waiting one offers payment', async () => {
    mocked.getActivity.mockResolvedValueOnce(detail({ open: false, seats_left: 0 }))
    const full = await open()
    expect(full.container.querySelector('.act-detail__btn')?.textContent).toBe('名额已满')
    await tap(full.container.querySelector('.act-detail__btn'))
    expect(full.container.querySelector('.act-sheet')).toBeNull()
    full.unmount()
    mocked.getActivity.mockResolvedValue(detail({ my_status: 'unpaid' }, 61))
    mocked.payActivity.mockResolvedValue({ out_trade_no: 'T3', amount_fen: 39900, provider: 'sandbox' })
    jest.mocked(pay.payOrder).mockResolvedValue('paid')
    const waiting = await open()
    expect(waiting.container.querySelector('.act-detail__btn')?.textContent).toBe('去支付')
    expect(waiting.container.querySelector('.act-detail__notice')?.textContent).toBe(
      '请在 10:25 前完成支付，逾期名额自动释放'
    )
    await tap(waiting.container.querySelector('.act-detail__btn'))
    expect(mocked.payActivity).toHaveBeenCalledWith({ signup_id: 61 })
  })
})

describe('pages/activity/success and pages/my/activity', () => {
  it('the success page confirms the sign-up and where to go', async () => {
    mocked.getActivity.mockResolvedValue(detail({ my_status: 'signed' }))
    const { container } = await renderPage(ActivitySuccess, {
      route: 'pages/activity/success',
      params: { activity_id: '3' },
      depth: 2
    })
    expect(container.querySelector('.act-success__state')?.textContent).toBe('报名成功')
    expect(container.textContent).toContain('黄山 · 宏村游客中心集合')
    await tap(byText(container, '.act-success__btn', '查看我的报名'))
    expect(Taro.redirectTo).toHaveBeenCalledWith({ url: '/pages/my/activity' })
  })

  it('my sign-ups show their status and pay deadline, and a waiting one is paid from the list', async () => {
    const due = new Date(Date.now() + 10 * 60_000)
    const signup = (
      id: number,
      status: 'signed' | 'unpaid' | 'cancelled',
      deadline: Date | null = status === 'unpaid' ? due : null
    ) => ({
      signup_id: id,
      status,
      amount: 39900,
      name: '李四',
      mobile: '13900139000',
      created_at: new Date().toISOString(),
      pay_deadline: deadline?.toISOString() ?? null,
      activity: activity({ my_status: status === 'cancelled' ? null : status }),
      refund_deadline: null,
      can_cancel: false,
      checked_in_at: null,
      cancelled_by: '',
      cancel_reason: '',
      refund: null
    })
    mocked.getMyActivities.mockResolvedValue(
      page([
        signup(1, 'unpaid'),
        signup(2, 'signed'),
        signup(3, 'unpaid', new Date(Date.now() - 5 * 60_000)),
        signup(4, 'cancelled')
      ])
    )
    mocked.payActivity.mockResolvedValue({ out_trade_no: 'T4', amount_fen: 39900, provider: 'sandbox' })
    jest.mocked(pay.payOrder).mockResolvedValue('paid')
    const { container } = await renderPage(MyActivities, { route: 'pages/my/activity', depth: 2 })
    expect(container.querySelectorAll('.my-act')).toHaveLength(4)
    // One the server already released stays in the list, cancelled.
    expect(byText(container, '.my-act__status', '已取消（超时未支付）')).not.toBeNull()
    expect(byText(container, '.my-act__status', '待支付')).not.toBeNull()
    expect(byText(container, '.my-act__status', '已报名')).not.toBeNull()
    // Past its deadline a waiting sign-up shows expired and can no longer be paid.
    expect(byText(container, '.my-act__status', '已过期')).not.toBeNull()
    expect(container.querySelectorAll('.my-act__pay')).toHaveLength(1)
    expect([...container.querySelectorAll('.my-act__deadline')].map((x) => x.textContent)).toEqual([
      `请在 ${String(chinaClock(due).hour).padStart(2, '0')}:` +
        `${String(chinaClock(due).minute).padStart(2, '0')} 前完成支付，逾期名额自动释放`
    ])
    await tap(container.querySelector('.my-act__pay'))
    expect(mocked.payActivity).toHaveBeenCalledWith({ signup_id: 1 })
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/pages/activity/success?activity_id=3' })
  })

  it('a paid sign-up is cancelled after a confirm naming the refund; a cancelled one shows 已退款', async () => {
    const base = {
      amount: 39900,
      name: '李四',
      mobile: '13900139000',
      created_at: new Date().toISOString(),
      pay_deadline: null,
      checked_in_at: null,
      cancel_reason: ''
    }
    mocked.getMyActivities.mockResolvedValue(
      page([
        {
          ...base,
          signup_id: 5,
          status: 'signed',
          refund_deadline: '2026-12-01T02:00:00.000Z',
          can_cancel: true,
          cancelled_by: '',
          refund: null,
          activity: activity({ my_status: 'signed' })
        },
        {
          ...base,
          signup_id: 6,
          status: 'cancelled',
          refund_deadline: null,
          can_cancel: false,
          cancelled_by: 'user',
          refund: { status: 'refunded', amount: 39900, refunded_at: new Date().toISOString() },
          activity: activity({ my_status: null })
        }
      ])
    )
    mocked.cancelActivitySignup.mockResolvedValue({ status: 'cancelled', refund_status: 'refunded' })
    const { container } = await renderPage(MyActivities, { route: 'pages/my/activity', depth: 2 })
    expect(byText(container, '.my-act__note', '2026-12-01 10:00 前可取消并全额退款')).not.toBeNull()
    expect(byText(container, '.my-act__status', '已取消')).not.toBeNull()
    expect(container.querySelector('.my-act__note--refund')?.textContent).toBe('已退款 ¥399.00，已原路退回')
    expect(container.querySelectorAll('.my-act__cancel')).toHaveLength(1)
    await tap(container.querySelector('.my-act__cancel'))
    expect(Taro.showModal).toHaveBeenCalledWith(
      expect.objectContaining({ content: '取消后名额将释放给其他人，报名费 ¥399.00 将原路退回，确定取消吗？' })
    )
    expect(mocked.cancelActivitySignup).toHaveBeenCalledWith({ signup_id: 5 })
    expect(Taro.showToast).toHaveBeenCalledWith(expect.objectContaining({ title: '已取消，报名费已原路退回' }))
  })
})
