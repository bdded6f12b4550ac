import Taro from '@tarojs/taro'
import { act } from 'react'

import type { ServiceDetailResponse, ServiceOrder, ServiceSummary } from '../../contract'
import * as payApi from '../../src/api/pay'
import * as api from '../../src/api/service'
import * as teacherApi from '../../src/api/teacher'
import ServicePanel from '../../src/components/service/ServicePanel'
import { emitTabEvent } from '../../src/components/TabPage/tab-events'
import ServiceDetailPage from '../../src/pages/majorPlan/detail'
import MajorPlanPage from '../../src/pages/majorPlan/majorPlan'
import ReservationPage from '../../src/pages/majorPlan/reservation'
import MyServiceOrdersPage from '../../src/pages/my/service'
import { byText, fireTaro, tap } from './events'
import { renderPage, settle } from './render'

jest.mock('../../src/api/service')
jest.mock('../../src/api/teacher')
jest.mock('../../src/api/pay')
const mocked = jest.mocked(api)
const teachers = jest.mocked(teacherApi)

const service = (over: Partial<ServiceSummary> = {}): ServiceSummary => ({
  service_id: 1,
  kind: 'consult',
  title: '八字详批 · 一对一',
  summary: '名师视频一对一',
  cover: '/static/demo/service/bazi.svg',
  price: 29900,
  duration_min: 60,
  ...over
})
const detail = (): ServiceDetailResponse => ({
  detail: {
    ...service(),
    content: '服务内容：排出四柱八字。\n\n服务方式：视频通话。',
    teachers: [
      { teacher_id: 3, name: '周明远', title: '易学讲师', avatar: '/a.svg' },
      { teacher_id: 4, name: '苏婉清', title: '姓名学顾问', avatar: '/b.svg' }
    ]
  }
})
// 2026-12-01 10:00 and 14:00 China time, and 12-02 10:00 (taken).
const slots = {
  list: [
    { slot_id: 31, starts_at: '2026-12-01T02:00:00.000Z', free: true },
    { slot_id: 32, starts_at: '2026-12-01T06:00:00.000Z', free: true },
    { slot_id: 33, starts_at: '2026-12-02T02:00:00.000Z', free: false }
  ]
}
const order = (over: Partial<ServiceOrder> = {}): ServiceOrder => ({
  order_id: 9,
  status: 'unpaid',
  amount: 29900,
  starts_at: '2026-12-01T02:00:00.000Z',
  name: '张三',
  mobile: '13800138000',
  remark: '',
  created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
  pay_deadline: new Date(Date.now() + 10 * 60_000).toISOString(),
  paid_at: null,
  completed_at: null,
  cancelled_at: null,
  cancel_reason: '',
  cancelled_by: '',
  cancel_deadline: null,
  can_cancel: true,
  refund: null,
  service: { service_id: 1, kind: 'consult', title: '八字详批 · 一对一', cover: '/c.svg', duration_min: 60 },
  teacher: { teacher_id: 3, name: '周明远', title: '易学讲师', avatar: '/a.svg' },
  ...over
})

beforeEach(() => {
  jest.resetAllMocks()
  jest.spyOn(Taro, 'navigateTo').mockResolvedValue(undefined as never)
  jest.spyOn(Taro, 'redirectTo').mockResolvedValue(undefined as never)
  jest.spyOn(Taro, 'showToast').mockResolvedValue(undefined as never)
  jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false } as never)
})

describe('the 服务 tab', () => {
  it('lists the consultations and the teachers, links plans and house feng shui, refreshes on pull-down', async () => {
    mocked.getServices.mockResolvedValue({ list: [service(), service({ service_id: 2, title: '流年运势咨询' })] })
    teachers.getTeachers.mockResolvedValue({
      list: [
        {
          teacher_id: 3,
          name: '周明远',
          title: '',
          avatar: '/a.svg',
          city: '杭州',
          years: 20,
          specialties: ['八字命理'],
          followers: 0,
          followed: false
        }
      ]
    })
    const { container } = await renderPage(ServicePanel, {
      route: 'pages/majorService/majorService',
      props: { tab: 1 }
    })
    expect(mocked.getServices).toHaveBeenCalledWith({ kind: 'consult' })
    expect(container.querySelectorAll('.service-card')).toHaveLength(2)
    expect(container.textContent).toContain('¥299.00')
    await tap(container.querySelector('[data-teacher="3"]'))
    expect(Taro.navigateTo).toHaveBeenLastCalledWith({ url: '/teacher/pages/detail?teacher_id=3' })
    await tap(byText(container, '.service-tab__entry-title', '专业规划')!.parentElement)
    expect(Taro.navigateTo).toHaveBeenLastCalledWith({ url: '/pages/majorPlan/majorPlan' })
    await tap(container.querySelector('[data-service="2"]'))
    expect(Taro.navigateTo).toHaveBeenLastCalledWith({ url: '/pages/majorPlan/detail?service_id=2' })
    await act(async () => emitTabEvent(1, 'refresh'))
    await settle()
    expect(mocked.getServices).toHaveBeenCalledTimes(2)
  })
})

describe('pages/majorPlan', () => {
  it('lists the plans', async () => {
    mocked.getServices.mockResolvedValue({ list: [service({ kind: 'plan', title: '学业与专业方向规划' })] })
    const { container } = await renderPage(MajorPlanPage, { route: 'pages/majorPlan/majorPlan', depth: 2 })
    expect(mocked.getServices).toHaveBeenCalledWith({ kind: 'plan' })
    expect(container.textContent).toContain('学业与专业方向规划')
  })

  it('detail shows the description and the teachers; booking opens the reservation', async () => {
    mocked.getService.mockResolvedValue(detail())
    const { container } = await renderPage(ServiceDetailPage, {
      route: 'pages/majorPlan/detail',
      params: { service_id: '1' },
      depth: 2
    })
    expect(container.querySelector('.nav-bar__title')?.textContent).toBe('八字详批 · 一对一')
    expect(container.querySelectorAll('.service-para')).toHaveLength(2)
    await tap(container.querySelector('[data-teacher="4"] .service-detail__book'))
    expect(Taro.navigateTo).toHaveBeenLastCalledWith({ url: '/pages/majorPlan/reservation?service_id=1&teacher_id=4' })
  })
})

describe('pages/majorPlan/reservation', () => {
  const open = () =>
    renderPage(ReservationPage, {
      route: 'pages/majorPlan/reservation',
      params: { service_id: '1', teacher_id: '4' },
      depth: 2
    })

  it('names what is missing, then books the chosen teacher and hour and pays in the sandbox', async () => {
    mocked.getService.mockResolvedValue(detail())
    mocked.getServiceSlots.mockResolvedValue(slots)
    mocked.bookService.mockResolvedValue({ order_id: 9, amount: 29900, pay_deadline: '2026-11-22T02:25:00.000Z' })
    mocked.payServiceOrder.mockResolvedValue({ provider: 'sandbox', out_trade_no: 'T1', amount_fen: 29900 } as never)
    jest.mocked(payApi).confirmSandboxPay.mockResolvedValue({} as never)
    const { container } = await open()
    expect(mocked.getServiceSlots).toHaveBeenCalledWith({ teacher_id: 4 })
    expect(container.querySelector('.teacher-picker__item--on')?.getAttribute('data-teacher')).toBe('4')
    // Hours are China time on any device.
    expect(container.querySelector('[data-slot="31"]')?.textContent).toBe('10:00')
    expect(container.querySelector('.reserve__day')?.textContent).toBe('周二12-01')
    await tap(byText(container, '.service-btn', '提交并支付'))
    expect(container.querySelector('.reserve__problem')?.textContent).toBe('请选择预约时段')
    // The taken hour cannot be chosen.
    await tap(container.querySelectorAll('.reserve__day')[1])
    await tap(container.querySelector('[data-slot="33"]'))
    expect(container.querySelector('.reserve__slot--on')).toBeNull()
    await tap(container.querySelectorAll('.reserve__day')[0])
    await tap(container.querySelector('[data-slot="32"]'))
    await tap(byText(container, '.service-btn', '提交并支付'))
    expect(container.querySelector('.reserve__problem')?.textContent).toBe('姓名应为 2 到 16 个字')
    await fireTaro(container.querySelector('.reserve__name'), 'input', '张三')
    await fireTaro(container.querySelector('.reserve__mobile'), 'input', '1380013')
    await tap(byText(container, '.service-btn', '提交并支付'))
    expect(container.querySelector('.reserve__problem')?.textContent).toBe('手机号格式不正确')
    await fireTaro(container.querySelector('.reserve__mobile'), 'input', '13800138000')
    await tap(byText(container, '.service-btn', '提交并支付'))
    expect(mocked.bookService).toHaveBeenCalledWith({
      service_id: 1,
      teacher_id: 4,
      slot_id: 32,
      name: '张三',
      mobile: '13800138000',
      remark: ''
    })
    expect(mocked.payServiceOrder).toHaveBeenCalledWith({ order_id: 9 })
    expect(payApi.confirmSandboxPay).toHaveBeenCalledWith({ out_trade_no: 'T1' })
    expect(Taro.redirectTo).toHaveBeenLastCalledWith({ url: '/pages/my/service' })
  })

  it('a slot taken meanwhile shows the server’s refusal and reloads the hours', async () => {
    mocked.getService.mockResolvedValue(detail())
    mocked.getServiceSlots.mockResolvedValue(slots)
    mocked.bookService.mockRejectedValue({ code: 0, msg: '该时段已被预约，请选择其他时段' })
    const { container } = await open()
    await tap(container.querySelector('[data-slot="31"]'))
    await fireTaro(container.querySelector('.reserve__name'), 'input', '张三')
    await fireTaro(container.querySelector('.reserve__mobile'), 'input', '13800138000')
    await tap(byText(container, '.service-btn', '提交并支付'))
    expect(container.querySelector('.reserve__problem')?.textContent).toBe('该时段已被预约，请选择其他时段')
    expect(mocked.getServiceSlots).toHaveBeenCalledTimes(2)
    expect(Taro.redirectTo).not.toHaveBeenCalled()
  })
})

describe('pages/my/service', () => {
  it('lists my bookings; an unpaid one can be cancelled after confirming', async () => {
    const expired = order({ order_id: 11, pay_deadline: new Date(Date.now() - 60_000).toISOString() })
    const late = {
      status: 'paid' as const,
      can_cancel: false,
      pay_deadline: null,
      cancel_deadline: '2026-11-30T02:00:00.000Z'
    }
    mocked.getServiceOrders.mockResolvedValue({
      list: [order(), order({ order_id: 10, ...late }), expired],
      total: 3,
      page: 1,
      per_page: 10,
      last_page: 1
    })
    mocked.cancelServiceOrder.mockResolvedValue({ status: 'cancelled', refund_status: 'none' })
    const { container } = await renderPage(MyServiceOrdersPage, { route: 'pages/my/service', depth: 2 })
    expect(container.querySelectorAll('.my-service__card')).toHaveLength(3)
    expect(container.textContent).toContain('待支付')
    expect(container.textContent).toContain('已预约')
    // Past its deadline an unpaid booking shows expired, with nothing to pay.
    expect(container.querySelector('[data-order="11"] .my-service__status')?.textContent).toBe('已过期')
    expect(container.querySelectorAll('.my-service__deadline')).toHaveLength(1)
    expect(container.querySelector('[data-order="9"] .my-service__deadline')?.textContent).toMatch(
      /^请在 \d\d:\d\d 前完成支付，逾期名额自动释放$/
    )
    expect(container.textContent).toContain('周明远 · 2026-12-01 10:00 · 60 分钟')
    expect(container.querySelectorAll('.my-service__btn--pay')).toHaveLength(1)
    await tap(byText(container, '.my-service__btn', '取消预约'))
    expect(mocked.cancelServiceOrder).toHaveBeenCalledWith({ order_id: 9 })
    expect(mocked.getServiceOrders).toHaveBeenCalledTimes(2)
    // Past the cut-off a paid booking offers no cancel button, only customer service.
    expect(container.querySelector('[data-order="10"] .my-service__btn')).toBeNull()
    expect(container.querySelector('[data-order="10"] .my-service__note')?.textContent).toBe(
      '距开始已不足可取消时限，如需取消请联系客服'
    )
  })

  it('a paid booking cancels on a confirm naming the refund; cancelled, completed, refunded ones say so', async () => {
    const paid = order({
      order_id: 20,
      status: 'paid',
      pay_deadline: null,
      cancel_deadline: '2026-11-30T02:00:00.000Z',
      can_cancel: true
    })
    const refunded = order({
      order_id: 21,
      status: 'cancelled',
      pay_deadline: null,
      can_cancel: false,
      cancelled_by: 'operator',
      cancel_reason: '老师临时有事',
      refund: { status: 'refunded', amount: 29900, refunded_at: '2026-11-20T02:00:00.000Z' }
    })
    const done = order({
      order_id: 22,
      status: 'done',
      pay_deadline: null,
      can_cancel: false,
      completed_at: '2026-11-21T08:00:00.000Z'
    })
    mocked.getServiceOrders.mockResolvedValue({
      list: [paid, refunded, done],
      total: 3,
      page: 1,
      per_page: 10,
      last_page: 1
    })
    mocked.cancelServiceOrder.mockResolvedValue({ status: 'cancelled', refund_status: 'refunded' })
    const { container } = await renderPage(MyServiceOrdersPage, { route: 'pages/my/service', depth: 2 })
    expect(container.querySelector('[data-order="20"] .my-service__status')?.textContent).toBe('已预约')
    expect(container.querySelector('[data-order="20"] .my-service__note')?.textContent).toBe(
      '2026-11-30 10:00 前可自行取消并全额退款'
    )
    expect(container.querySelector('[data-order="21"] .my-service__status')?.textContent).toBe('已取消')
    expect(container.querySelector('[data-order="21"] .my-service__note')?.textContent).toBe(
      '客服已取消：老师临时有事 · 已退款 ¥299.00，已原路退回'
    )
    expect(container.querySelector('[data-order="22"] .my-service__status')?.textContent).toBe('已完成')
    expect(container.querySelector('[data-order="22"] .my-service__btn')).toBeNull()
    jest.mocked(Taro.showModal).mockResolvedValueOnce({ confirm: false, cancel: true } as never)
    await tap(container.querySelector('[data-order="20"] .my-service__btn'))
    expect(Taro.showModal).toHaveBeenLastCalledWith(
      expect.objectContaining({ content: '取消后 ¥299.00 将原路退回，该时段释放给其他人，确定取消吗？' })
    )
    expect(mocked.cancelServiceOrder).not.toHaveBeenCalled()
    await tap(container.querySelector('[data-order="20"] .my-service__btn'))
    expect(mocked.cancelServiceOrder).toHaveBeenCalledWith({ order_id: 20 })
    expect(Taro.showToast).toHaveBeenCalledWith(expect.objectContaining({ title: '已取消，款项已原路退回' }))
  })
})
