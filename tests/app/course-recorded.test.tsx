import Taro from '@tarojs/taro'
import { waitFor } from '@testing-library/react'
import { fireEvent } from '@testing-library/react'

import type { CourseOrder } from '../../contract'
import * as api from '../../src/api/course'
import { clearCredential, saveCredential } from '../../src/core/credential'
import RecordedDetail from '../../src/live/pages/recorded/detail'
import CourseOrderPage from '../../src/live/pages/recorded/order'
import CoursePaymentPage from '../../src/live/pages/recorded/payment'
import * as pay from '../../src/platform/pay'
import { appStorage } from '../../src/platform/storage'
import { detail } from './course-fixtures'
import { tap } from './events'
import { renderPage, settle } from './render'

jest.mock('../../src/api/course')
jest.mock('../../src/platform/pay')
const mocked = jest.mocked(api)

beforeEach(() => {
  jest.resetAllMocks()
  jest.spyOn(Taro, 'navigateTo').mockResolvedValue(undefined as never)
  jest.spyOn(Taro, 'redirectTo').mockResolvedValue(undefined as never)
})

const order = (over: Partial<CourseOrder> = {}): CourseOrder => ({
  order_id: 42,
  course_id: 1,
  course_title: '八字命理入门',
  cover: '/c.svg',
  teacher: '周明远',
  amount: 19900,
  status: 'created',
  created_at: '2026-05-01T02:00:00.000Z',
  paid_at: '',
  out_trade_no: 'CO20260501100000123456',
  ...over
})

describe('live/pages/recorded/detail', () => {
  it('plays a preview lesson from where it was left', async () => {
    mocked.getCourseDetail.mockResolvedValue({ detail: detail() })
    mocked.getLesson.mockResolvedValue({
      lesson_id: 11,
      course_id: 1,
      title: '阴阳之道',
      video_url: 'http://x/static/demo/course/yinyang.mp4',
      duration_sec: 6,
      position_sec: 3
    })
    const { container } = await renderPage(RecordedDetail, {
      route: 'live/pages/recorded/detail',
      params: { course_id: '1', lesson_id: '11' },
      depth: 2
    })
    expect(mocked.getLesson).toHaveBeenCalledWith({ lesson_id: 11 })
    const video = container.querySelector('.recorded__video')!
    expect(video.getAttribute('src')).toBe('http://x/static/demo/course/yinyang.mp4')
    expect(container.querySelector('.outline__lesson--current')?.textContent).toContain('阴阳之道')
    expect(container.querySelector('.recorded__buy')?.textContent).toBe('立即购买')
  })

  it('a locked lesson is not fetched: it asks to buy the course', async () => {
    mocked.getCourseDetail.mockResolvedValue({ detail: detail() })
    mocked.getLesson.mockResolvedValue({
      lesson_id: 11,
      course_id: 1,
      title: '阴阳之道',
      video_url: '/v/yinyang.mp4',
      duration_sec: 6,
      position_sec: 0
    })
    const { container } = await renderPage(RecordedDetail, {
      route: 'live/pages/recorded/detail',
      params: { course_id: '1', lesson_id: '11' },
      depth: 2
    })
    await tap(container.querySelector('[data-lesson="12"]'))
    // The one player stays on the page, hidden, so the video is never removed mid-play.
    await waitFor(() => expect(container.textContent).toContain('购买课程后即可观看全部课时'))
    expect((container.querySelector('.recorded__stage') as HTMLElement).style.display).toBe('none')
    expect(container.querySelectorAll('.recorded__video')).toHaveLength(1)
    expect(mocked.getLesson).toHaveBeenCalledTimes(1)
    await tap(container.querySelector('.recorded__locked-btn'))
    expect(Taro.navigateTo).toHaveBeenLastCalledWith({ url: '/live/pages/recorded/order?course_id=1' })
  })

  it('once bought every lesson plays and there is nothing to buy', async () => {
    const bought = detail({ enrolled: true })
    bought.chapters[0].lessons.forEach((l) => (l.locked = false))
    mocked.getCourseDetail.mockResolvedValue({ detail: bought })
    mocked.getLesson.mockResolvedValue({
      lesson_id: 12,
      course_id: 1,
      title: '五行生克',
      video_url: '/v/wuxing.mp4',
      duration_sec: 6,
      position_sec: 0
    })
    const { container } = await renderPage(RecordedDetail, {
      route: 'live/pages/recorded/detail',
      params: { course_id: '1', lesson_id: '12' },
      depth: 2
    })
    expect(container.querySelector('.recorded__video')?.getAttribute('src')).toBe('/v/wuxing.mp4')
    expect(container.querySelector('.recorded__bar')).toBeNull()
  })
})

describe('learning progress', () => {
  afterEach(() => clearCredential(appStorage))

  const play = async () => {
    const bought = detail({ enrolled: true })
    bought.chapters[0].lessons.forEach((l) => (l.locked = false))
    mocked.getCourseDetail.mockResolvedValue({ detail: bought })
    mocked.getLesson.mockResolvedValue({
      lesson_id: 12,
      course_id: 1,
      title: '五行生克',
      video_url: '/v/wuxing.mp4',
      duration_sec: 6,
      position_sec: 0
    })
    mocked.saveLessonProgress.mockResolvedValue({ position_sec: 6, completed: true })
    const page = await renderPage(RecordedDetail, {
      route: 'live/pages/recorded/detail',
      params: { course_id: '1', lesson_id: '12' },
      depth: 2
    })
    const video = page.container.querySelector('.recorded__video')!
    const at = async (type: string, currentTime: number) => {
      fireEvent(video, new CustomEvent(type, { detail: { currentTime, duration: 6 }, bubbles: true }))
      await settle()
    }
    await at('loadedmetadata', 0)
    return { ...page, at }
  }

  it('keeps my position on the server every few seconds, on pause, and at the end', async () => {
    saveCredential(appStorage, { user_id: 7, token: 't0ken' })
    const { container, at } = await play()
    await at('timeupdate', 2)
    expect(mocked.saveLessonProgress).not.toHaveBeenCalled()
    await at('timeupdate', 5.4)
    expect(mocked.saveLessonProgress).toHaveBeenLastCalledWith({ lesson_id: 12, position_sec: 5 })
    // Taro's H5 video pauses with no detail: the last known position is kept, and nothing throws.
    fireEvent(container.querySelector('.recorded__video')!, new CustomEvent('pause', { detail: null, bubbles: true }))
    await settle()
    expect(mocked.saveLessonProgress).toHaveBeenCalledTimes(2)
    expect(mocked.saveLessonProgress).toHaveBeenLastCalledWith({ lesson_id: 12, position_sec: 5 })
    await at('pause', 5.6)
    await at('ended', 6)
    // The end is said as such: a lesson saved without its length is learnt by it.
    expect(mocked.saveLessonProgress).toHaveBeenLastCalledWith({ lesson_id: 12, position_sec: 6, ended: true })
    // The outline is read again so the lesson shows as learnt.
    expect(mocked.getCourseDetail).toHaveBeenCalledTimes(2)
  })

  it('another lesson plays in the same player; a late update of the old one is not saved to the new one', async () => {
    saveCredential(appStorage, { user_id: 7, token: 't0ken' })
    const { container, at } = await play()
    await at('timeupdate', 5.4)
    expect(mocked.saveLessonProgress).toHaveBeenLastCalledWith({ lesson_id: 12, position_sec: 5 })
    const player = container.querySelector('.recorded__video')
    mocked.getLesson.mockResolvedValue({
      lesson_id: 11,
      course_id: 1,
      title: '阴阳之道',
      video_url: '/v/yinyang.mp4',
      duration_sec: 6,
      position_sec: 2
    })
    await tap(container.querySelector('[data-lesson="11"]'))
    await waitFor(() => expect(container.querySelector('.recorded__video')?.getAttribute('src')).toBe('/v/yinyang.mp4'))
    // The same element, only its source changed.
    expect(container.querySelector('.recorded__video')).toBe(player)
    // Lesson 12's position was kept as it was left; an update before the new source loaded is ignored.
    expect(mocked.saveLessonProgress).toHaveBeenCalledWith({ lesson_id: 12, position_sec: 5 })
    const saves = mocked.saveLessonProgress.mock.calls.length
    await at('timeupdate', 0)
    await at('pause', 0)
    expect(mocked.saveLessonProgress).toHaveBeenCalledTimes(saves)
    // Loaded: positions now count for lesson 11.
    await at('loadedmetadata', 0)
    await at('timeupdate', 8.2)
    expect(mocked.saveLessonProgress).toHaveBeenLastCalledWith({ lesson_id: 11, position_sec: 8 })
  })

  it('a visitor watching a preview is not asked to log in for it', async () => {
    const { at } = await play()
    await at('timeupdate', 5.4)
    await at('ended', 6)
    expect(mocked.saveLessonProgress).not.toHaveBeenCalled()
  })
})

describe('order and payment', () => {
  it('the order page shows the discount and creates the order, then opens its payment', async () => {
    mocked.getCourseDetail.mockResolvedValue({ detail: detail() })
    mocked.addCourseOrder.mockResolvedValue({ order_id: 42 })
    const { container } = await renderPage(CourseOrderPage, {
      route: 'live/pages/recorded/order',
      params: { course_id: '1' },
      depth: 2
    })
    expect(container.textContent).toContain('¥399.00')
    expect(container.textContent).toContain('-¥200.00')
    await tap(container.querySelector('.course-order__submit'))
    expect(mocked.addCourseOrder).toHaveBeenCalledWith({ course_id: 1 })
    expect(Taro.redirectTo).toHaveBeenLastCalledWith({ url: '/live/pages/recorded/payment?order_id=42' })
  })

  it('the order page states the refund policy as the server words it', async () => {
    const policy = '购买后 7 天内、学习进度不超过 30% 可申请退款，请联系客服'
    mocked.getCourseDetail.mockResolvedValue({ detail: detail({ refund_policy: policy }) })
    const { container } = await renderPage(CourseOrderPage, {
      route: 'live/pages/recorded/order',
      params: { course_id: '1' },
      depth: 2
    })
    expect(container.querySelector('.course-order__note')?.textContent).toBe(`${policy}。购买即表示同意《用户协议》。`)
  })

  it('pays through the payment service and then offers to start learning', async () => {
    mocked.getCourseOrder
      .mockResolvedValueOnce({ order: order() })
      .mockResolvedValue({ order: order({ status: 'paid', paid_at: '2026-05-01T02:01:00.000Z' }) })
    mocked.payCourseOrder.mockResolvedValue({ out_trade_no: '2026', amount_fen: 19900, provider: 'sandbox' })
    jest.mocked(pay.payOrder).mockResolvedValue('paid')
    const { container } = await renderPage(CoursePaymentPage, {
      route: 'live/pages/recorded/payment',
      params: { order_id: '42' },
      depth: 2
    })
    expect(container.querySelector('.course-pay__btn')?.textContent).toBe('立即支付 ¥199.00')
    await tap(container.querySelector('.course-pay__btn'))
    expect(mocked.payCourseOrder).toHaveBeenCalledWith({ order_id: 42 })
    expect(pay.payOrder).toHaveBeenCalledWith({ out_trade_no: '2026', amount_fen: 19900, provider: 'sandbox' })
    expect(container.textContent).toContain('支付成功')
    // The order number is the payment's 商户订单号, the one WeChat Pay's receipt shows, not the row id.
    expect(container.textContent).toContain('CO20260501100000123456')
    expect(container.textContent).not.toMatch(/订单号\s*42/)
    await tap(container.querySelector('.course-pay__btn'))
    expect(Taro.redirectTo).toHaveBeenLastCalledWith({ url: '/live/pages/recorded/detail?course_id=1' })
  })

  it('a cancelled or failed payment says so and can be tried again', async () => {
    mocked.getCourseOrder.mockResolvedValue({ order: order() })
    mocked.payCourseOrder.mockResolvedValue({ out_trade_no: '2026', amount_fen: 19900, provider: 'sandbox' })
    jest
      .mocked(pay.payOrder)
      .mockResolvedValueOnce('cancelled')
      .mockRejectedValueOnce(new Error('支付参数缺失，请稍后再试'))
    const { container } = await renderPage(CoursePaymentPage, {
      route: 'live/pages/recorded/payment',
      params: { order_id: '42' },
      depth: 2
    })
    await tap(container.querySelector('.course-pay__btn'))
    expect(container.textContent).toContain('支付已取消，可重新支付')
    await tap(container.querySelector('.course-pay__btn'))
    expect(container.textContent).toContain('支付参数缺失，请稍后再试')
    expect(container.querySelector('.course-pay__btn')?.textContent).toBe('立即支付 ¥199.00')
  })
})
