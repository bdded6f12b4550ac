import Taro from '@tarojs/taro'
import { waitFor } from '@testing-library/react'

import type { MembershipApplication } from '../../contract'
import * as api from '../../src/api/association'
import AssociationDetail from '../../src/association/pages/detail/detail'
import Induction from '../../src/association/pages/detail/induction'
import { clearCredential, saveCredential } from '../../src/core/credential'
import EasyApply from '../../src/pages/my/easyApply'
import Union from '../../src/pages/my/union'
import * as image from '../../src/platform/image'
import * as pay from '../../src/platform/pay'
import { appStorage } from '../../src/platform/storage'
import { byText, fireTaro, tap } from './events'
import { renderPage } from './render'

jest.mock('../../src/api/association')
jest.mock('../../src/platform/pay')
jest.mock('../../src/platform/image')
const mocked = jest.mocked(api)

const INDUCTION = {
  name: '中华易学文化研究会',
  benefits: [
    { title: '会员证书', text: '颁发电子会员证' },
    { title: '学术活动', text: '优先报名论坛' }
  ],
  steps: ['在线填写入会申请', '缴纳年度会费', '秘书处审核', '领取电子会员证'],
  dues: 30000
}
const application = (over: Partial<MembershipApplication>): MembershipApplication => ({
  application_id: 8,
  kind: 'full',
  status: 'reviewing',
  name: '陈静',
  mobile: '13600136000',
  amount: 30000,
  review_note: '',
  refund: null,
  created_at: new Date().toISOString(),
  card: null,
  ...over
})

beforeEach(() => {
  jest.resetAllMocks()
  saveCredential(appStorage, { user_id: 7, token: 'token-7' })
  jest.spyOn(Taro, 'navigateTo').mockResolvedValue(undefined as never)
  jest.spyOn(Taro, 'showToast').mockResolvedValue(undefined as never)
  mocked.getInduction.mockResolvedValue(INDUCTION)
})
afterEach(() => clearCredential(appStorage))

describe('association pages', () => {
  it('the detail introduces the association and leads to both applications', async () => {
    mocked.getAssociation.mockResolvedValue({
      name: '中华易学文化研究会',
      logo: '',
      cover: '',
      slogan: '传承经典',
      intro: '<p>致力于《周易》研究</p>',
      founded_year: 2012,
      members: 3862,
      dues: 30000
    })
    const { container } = await renderPage(AssociationDetail, { route: 'association/pages/detail/detail', depth: 2 })
    expect(container.textContent).toContain('3862')
    expect(container.textContent).toContain('¥300.00')
    // RichText renders its nodes a moment after the page.
    await waitFor(() => expect(container.textContent).toContain('致力于《周易》研究'))
    await tap(byText(container, '.assoc__btn', '快速入会'))
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/pages/my/easyApply' })
  })

  it('induction lists the benefits, steps and dues', async () => {
    const { container } = await renderPage(Induction, { route: 'association/pages/detail/induction', depth: 2 })
    expect(container.querySelectorAll('.induction__benefit')).toHaveLength(2)
    expect(container.querySelectorAll('.induction__step')).toHaveLength(4)
    expect(container.textContent).toContain('正式会员年度会费：¥300.00')
  })
})

describe('pages/my/easyApply', () => {
  it('names wrong fields, then applies and shows the review status', async () => {
    mocked.getMyMembership
      .mockResolvedValueOnce({ application: null })
      .mockResolvedValue({ application: application({ kind: 'easy', name: '赵六', amount: 0 }) })
    mocked.applyMembership.mockResolvedValue({ application_id: 8, status: 'reviewing', amount: 0 })
    const { container } = await renderPage(EasyApply, { route: 'pages/my/easyApply', depth: 2 })
    await tap(container.querySelector('.union__submit'))
    expect(container.textContent).toContain('请填写姓名')
    expect(mocked.applyMembership).not.toHaveBeenCalled()
    await fireTaro(container.querySelector('.form-field__input--name'), 'input', '赵六')
    await fireTaro(container.querySelector('.form-field__input--mobile'), 'input', '13500135000')
    await tap(container.querySelector('.union__submit'))
    expect(mocked.applyMembership).toHaveBeenCalledWith({
      kind: 'easy',
      name: '赵六',
      mobile: '13500135000',
      specialty: ''
    })
    expect(container.querySelector('.member-status__state')?.textContent).toBe('审核中')
  })

  it('a rejection shows its reason and allows applying again', async () => {
    mocked.getMyMembership.mockResolvedValue({
      application: application({ kind: 'easy', status: 'rejected', review_note: '请补充从业经历' })
    })
    const { container } = await renderPage(EasyApply, { route: 'pages/my/easyApply', depth: 2 })
    expect(container.textContent).toContain('未通过原因：请补充从业经历')
    await tap(byText(container, '.member-status__btn', '重新申请'))
    expect(container.querySelector('.union__submit')).not.toBeNull()
  })

  it('rejected paid dues show the refund', async () => {
    mocked.getMyMembership.mockResolvedValue({
      application: application({
        status: 'rejected',
        review_note: '资料不实',
        refund: { status: 'processing', amount: 30000, refunded_at: null }
      })
    })
    const { container } = await renderPage(EasyApply, { route: 'pages/my/easyApply', depth: 2 })
    expect(container.querySelector('.member-status__hint--refund')?.textContent).toBe('会费退款中 ¥300.00，将原路退回')
  })
})

describe('pages/my/union', () => {
  it('the full form names every wrong field; with a photo it applies and pays the dues', async () => {
    mocked.getMyMembership
      .mockResolvedValueOnce({ application: null })
      .mockResolvedValue({ application: application({}) })
    mocked.applyMembership.mockResolvedValue({ application_id: 8, status: 'unpaid', amount: 30000 })
    jest.mocked(pay.payOrder).mockResolvedValue('paid')
    mocked.payMembership.mockResolvedValue({ out_trade_no: 'M1', amount_fen: 30000, provider: 'sandbox' })
    // Uploaded privately: what the app previews is a signed link that expires.
    const signed = (key: string) => `http://x/api/file.private/image?key=202611%2F${key}.png&exp=1&sig=s`
    jest
      .mocked(image.chooseAndUploadImages)
      .mockResolvedValueOnce([{ url: signed('photo'), file_id: 31 }])
      .mockResolvedValueOnce([{ url: signed('doc'), file_id: 32 }])
    const { container } = await renderPage(Union, { route: 'pages/my/union', depth: 2 })
    await tap(container.querySelector('.union__submit'))
    for (const text of [
      '请填写姓名',
      '请选择性别',
      '请填写身份证号',
      '请选择学历',
      '请填写研究方向',
      '请填写个人简介',
      '请上传证件照'
    ])
      expect(container.textContent).toContain(text)
    const type = (name: string, value: string) =>
      fireTaro(container.querySelector(`.form-field__input--${name}`), 'input', value)
    await type('name', '陈静')
    await type('mobile', '13600136000')
    // GB 11643-1999's worked example.
    await type('id_number', '11010519491231002X')
    await type('specialty', '八字命理')
    const pickers = container.querySelectorAll(
      '.form-field__control taro-picker-core, .form-field__control .taro-picker'
    )
    await fireTaro(pickers[0], 'change', 1)
    await fireTaro(pickers[1], 'change', 4)
    await fireTaro(container.querySelector('.union__textarea'), 'input', '从事命理研究八年，出版过两本入门读物。')
    await tap(container.querySelector('.photo-field__box'))
    await tap(container.querySelector('.union__doc-add'))
    expect(image.chooseAndUploadImages).toHaveBeenNthCalledWith(1, 1, { private: true })
    expect(image.chooseAndUploadImages).toHaveBeenNthCalledWith(2, 6, { private: true })
    expect(container.querySelector('.photo-field__img')?.getAttribute('src')).toBe(signed('photo'))
    expect(container.querySelector('.union__doc')?.getAttribute('src')).toBe(signed('doc'))
    await tap(container.querySelector('.union__submit'))
    expect(mocked.applyMembership).toHaveBeenCalledWith(
      expect.objectContaining({
        kind: 'full',
        gender: '女',
        education: '硕士',
        id_number: '11010519491231002X',
        photo_file_id: 31,
        attachment_file_ids: [32]
      })
    )
    expect(mocked.payMembership).toHaveBeenCalledWith({ application_id: 8 })
    expect(container.querySelector('.member-status__state')?.textContent).toBe('审核中')
  })

  it('once approved the member card is shown', async () => {
    const card = {
      member_no: 'HY2026000008',
      name: '陈静',
      association: '中华易学文化研究会',
      photo: '',
      since: '2026-03-01T02:00:00.000Z',
      valid_until: '2027-03-01T02:00:00.000Z'
    }
    mocked.getMyMembership.mockResolvedValue({ application: application({ status: 'approved', card }) })
    const { container } = await renderPage(Union, { route: 'pages/my/union', depth: 2 })
    expect(container.querySelector('.member-card')).not.toBeNull()
    expect(container.textContent).toContain('会员编号：HY2026000008')
    expect(container.textContent).toContain('有效期至：2027-03-01')
  })
})
