import Taro from '@tarojs/taro'
import { waitFor } from '@testing-library/react'
import { act } from 'react'

import type { CertificateApplication, CertificateSummary } from '../../contract'
import * as api from '../../src/api/certificate'
import CertificateApply from '../../src/certificate/pages/apply'
import CertificateDetail from '../../src/certificate/pages/detail'
import CertificatePanel from '../../src/components/certificate/CertificatePanel'
import { emitTabEvent } from '../../src/components/TabPage/tab-events'
import { clearCredential, saveCredential } from '../../src/core/credential'
import MyCertificates from '../../src/pages/my/certificate'
import * as image from '../../src/platform/image'
import * as pay from '../../src/platform/pay'
import { appStorage } from '../../src/platform/storage'
import { byText, fireTaro, tap } from './events'
import { renderPage, settle } from './render'

jest.mock('../../src/api/certificate')
jest.mock('../../src/platform/pay')
jest.mock('../../src/platform/image')
const mocked = jest.mocked(api)
const SIGNED_PHOTO = 'http://x/api/file.private/image?key=202611%2Fa.png&exp=1&sig=s'

const cert = (over: Partial<CertificateSummary> = {}): CertificateSummary => ({
  certificate_id: 2,
  category_id: 1,
  title: '命理分析师',
  summary: '四柱八字的排盘与分析',
  cover: '/static/demo/certificate/mingli.svg',
  issuer: '中华易学文化研究会',
  level: '中级',
  fee: 98000,
  applicants: 1874,
  required_fields: ['education'],
  ...over
})
const page = <T,>(list: T[]) => ({ list, total: list.length, page: 1, per_page: 15, last_page: 1 })
const detail = (
  mine: { application_id: number; status: 'unpaid' | 'reviewing' | 'approved' | 'rejected' } | null = null
) => ({
  detail: { ...cert(), requirements: '<h2>报考条件</h2><p>年满 18 周岁</p>', category_name: '命理类' },
  my_application: mine
})

beforeEach(() => {
  jest.resetAllMocks()
  saveCredential(appStorage, { user_id: 7, token: 'token-7' })
  jest.spyOn(Taro, 'navigateTo').mockResolvedValue(undefined as never)
  jest.spyOn(Taro, 'redirectTo').mockResolvedValue(undefined as never)
  jest.spyOn(Taro, 'showToast').mockResolvedValue(undefined as never)
})
afterEach(() => clearCredential(appStorage))

describe('the 证书 tab', () => {
  it('lists certificates by category and refreshes on pull-down', async () => {
    mocked.getCertificateCategories.mockResolvedValue({
      list: [
        { category_id: 1, name: '风水类' },
        { category_id: 2, name: '命理类' }
      ]
    })
    mocked.getCertificates.mockResolvedValue(page([cert(), cert({ certificate_id: 3, title: '姓名策划师' })]))
    const { container } = await renderPage(CertificatePanel, {
      route: 'pages/certificate/certificate',
      props: { tab: 3 }
    })
    expect(container.querySelectorAll('.cert-card')).toHaveLength(2)
    expect(container.textContent).toContain('¥980.00')
    expect(container.textContent).toContain('1874 人已报名')
    await tap(byText(container, '.cert-panel__chip', '命理类'))
    expect(mocked.getCertificates).toHaveBeenLastCalledWith({ page: 1, category_id: 2 })
    await act(() => emitTabEvent(3, 'refresh') as Promise<void>)
    await settle()
    expect(mocked.getCertificateCategories).toHaveBeenCalledTimes(2)
    await tap(container.querySelector('.cert-card'))
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/certificate/pages/detail?certificate_id=2' })
  })
})

describe('certificate/pages/detail', () => {
  const open = () =>
    renderPage(CertificateDetail, { route: 'certificate/pages/detail', params: { certificate_id: '2' }, depth: 2 })
  it('shows requirements and fee and leads to the application', async () => {
    mocked.getCertificate.mockResolvedValue(detail())
    const { container } = await open()
    // RichText renders its nodes a moment after the page.
    await waitFor(() => expect(container.textContent).toContain('年满 18 周岁'))
    expect(container.textContent).toContain('颁发单位：中华易学文化研究会 · 命理类')
    await tap(container.querySelector('.cert-detail__btn'))
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/certificate/pages/apply?certificate_id=2' })
  })

  it('an application under review is followed, not repeated', async () => {
    mocked.getCertificate.mockResolvedValue(detail({ application_id: 5, status: 'reviewing' }))
    const { container } = await open()
    expect(container.querySelector('.cert-detail__status')?.textContent).toBe('审核中 ›')
    expect(container.querySelector('.cert-detail__btn')?.textContent).toBe('查看进度')
    await tap(container.querySelector('.cert-detail__btn'))
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/pages/my/certificate' })
  })
})

describe('certificate/pages/apply', () => {
  const open = () =>
    renderPage(CertificateApply, { route: 'certificate/pages/apply', params: { certificate_id: '2' }, depth: 3 })
  const type = async (container: HTMLElement, name: string, value: string) =>
    fireTaro(container.querySelector(`.form-field__input--${name}`), 'input', value)

  it('names every wrong field, checks the ID number checksum, uploads the photo, then pays the fee', async () => {
    mocked.getCertificate.mockResolvedValue(detail())
    mocked.applyCertificate.mockResolvedValue({ application_id: 41, status: 'unpaid', amount: 98000 })
    mocked.payCertificate.mockResolvedValue({ out_trade_no: 'C1', amount_fen: 98000, provider: 'sandbox' })
    jest.mocked(pay.payOrder).mockResolvedValue('paid')
    jest.mocked(image.chooseAndUploadImages).mockResolvedValue([{ url: SIGNED_PHOTO, file_id: 77 }])
    const { container } = await open()
    await tap(container.querySelector('.cert-apply__submit'))
    for (const text of ['请填写姓名', '请填写身份证号', '请输入手机号', '请选择学历', '请上传证件照'])
      expect(container.textContent).toContain(text)
    const shown = () => [...container.querySelectorAll('.form-field__error')].map((e) => e.textContent)
    // GB 11643-1999's worked example 11010519491231002X, with its check character changed.
    await type(container, 'id_number', '110105194912310021')
    await type(container, 'name', '王小明')
    // The corrected fields lose their red messages at once; the others keep theirs until they are filled.
    expect(shown()).not.toContain('请填写姓名')
    expect(shown()).not.toContain('请填写身份证号')
    expect(shown()).toContain('请输入手机号')
    await type(container, 'mobile', '13700137000')
    await fireTaro(
      container.querySelector('.form-field__control taro-picker-core, .form-field__control .taro-picker'),
      'change',
      3
    )
    await tap(container.querySelector('.photo-field__box'))
    // The ID photo is uploaded privately; the preview is the signed link the upload answered.
    expect(image.chooseAndUploadImages).toHaveBeenCalledWith(1, { private: true })
    expect(container.querySelector('.photo-field__img')?.getAttribute('src')).toBe(SIGNED_PHOTO)
    await tap(container.querySelector('.cert-apply__submit'))
    expect(container.textContent).toContain('身份证号不正确，请核对')
    expect(mocked.applyCertificate).not.toHaveBeenCalled()
    await type(container, 'id_number', '11010519491231002x')
    await tap(container.querySelector('.cert-apply__submit'))
    expect(mocked.applyCertificate).toHaveBeenCalledWith({
      certificate_id: 2,
      name: '王小明',
      id_number: '11010519491231002X',
      mobile: '13700137000',
      education: '本科',
      work_unit: '',
      photo_file_id: 77
    })
    expect(mocked.payCertificate).toHaveBeenCalledWith({ application_id: 41 })
    expect(Taro.redirectTo).toHaveBeenCalledWith({ url: '/pages/my/certificate' })
  })

  it("follows the certificate's required fields: work unit required, education optional", async () => {
    mocked.getCertificate.mockResolvedValue({
      ...detail(),
      detail: { ...detail().detail, required_fields: ['work_unit'] }
    })
    mocked.applyCertificate.mockResolvedValue({ application_id: 42, status: 'unpaid', amount: 98000 })
    mocked.payCertificate.mockResolvedValue({ out_trade_no: 'C2', amount_fen: 98000, provider: 'sandbox' })
    jest.mocked(pay.payOrder).mockResolvedValue('paid')
    jest.mocked(image.chooseAndUploadImages).mockResolvedValue([{ url: 'http://x/uploads/b.png', file_id: 78 }])
    const { container } = await open()
    await type(container, 'name', '王小明')
    await type(container, 'id_number', '11010519491231002X')
    await type(container, 'mobile', '13700137000')
    await tap(container.querySelector('.photo-field__box'))
    await tap(container.querySelector('.cert-apply__submit'))
    expect(container.textContent).toContain('请填写工作单位')
    expect([...container.querySelectorAll('.form-field__error')].map((e) => e.textContent)).toEqual(['请填写工作单位'])
    expect(mocked.applyCertificate).not.toHaveBeenCalled()
    await type(container, 'work_unit', '某设计院')
    await tap(container.querySelector('.cert-apply__submit'))
    expect(mocked.applyCertificate).toHaveBeenCalledWith(
      expect.objectContaining({ work_unit: '某设计院', education: undefined, photo_file_id: 78 })
    )
  })
})

describe('pages/my/certificate', () => {
  const application = (over: Partial<CertificateApplication>): CertificateApplication => ({
    application_id: 1,
    certificate_id: 2,
    certificate_title: '命理分析师',
    cover: '',
    issuer: '中华易学文化研究会',
    status: 'reviewing',
    amount: 98000,
    name: '王小明',
    id_number: '110105********002X',
    mobile: '13700137000',
    education: '本科',
    photo: SIGNED_PHOTO,
    review_note: '',
    certificate_no: '',
    created_at: new Date().toISOString(),
    reviewed_at: '',
    refund: null,
    ...over
  })

  it('shows each registration with its review status, number or reason, and pays a waiting one', async () => {
    mocked.getMyCertificates.mockResolvedValue(
      page([
        application({ application_id: 1, status: 'unpaid' }),
        application({ application_id: 2, status: 'approved', certificate_no: 'YX2026000002' }),
        application({
          application_id: 3,
          status: 'rejected',
          review_note: '证件照不清晰',
          refund: { status: 'refunded', amount: 98000, refunded_at: new Date().toISOString() }
        })
      ])
    )
    mocked.payCertificate.mockResolvedValue({ out_trade_no: 'C2', amount_fen: 98000, provider: 'sandbox' })
    jest.mocked(pay.payOrder).mockResolvedValue('paid')
    const { container } = await renderPage(MyCertificates, { route: 'pages/my/certificate', depth: 2 })
    expect(container.querySelectorAll('.my-cert')).toHaveLength(3)
    expect(container.textContent).toContain('证书编号：YX2026000002')
    expect(container.textContent).toContain('未通过原因：证件照不清晰')
    expect(container.querySelector('.my-cert__note--refund')?.textContent).toBe('已退款 ¥980.00，已原路退回')
    expect(container.textContent).toContain('110105********002X')
    await tap(container.querySelector('.my-cert__pay'))
    expect(mocked.payCertificate).toHaveBeenCalledWith({ application_id: 1 })
    expect(mocked.getMyCertificates).toHaveBeenCalledTimes(2)
  })
})
