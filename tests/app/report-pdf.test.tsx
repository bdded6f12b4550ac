import Taro from '@tarojs/taro'
import { cleanup } from '@testing-library/react'

import type { ReportDetailResponse } from '../../contract'
import { REPORT_OUTLINE, REPORT_TOPICS } from '../../contract/report'
import * as tools from '../../src/api/tools'
import ReportOffer from '../../src/calculation/pages'
import Baogao from '../../src/calculation/pages/baogao'
import { clearCredential, saveCredential } from '../../src/core/credential'
import * as reportPdf from '../../src/platform/report-pdf'
import { appStorage } from '../../src/platform/storage'
import { sessionStore } from '../../src/stores'
import { byText, tap } from './events'
import { renderPage, settle } from './render'

jest.mock('../../src/api/tools')
jest.mock('../../src/platform/report-pdf')
const api = tools as jest.Mocked<typeof tools>
const platform = reportPdf as jest.Mocked<typeof reportPdf>

const PILLARS = ['庚午', '辛巳', '庚辰', '癸未']
const detail: ReportDetailResponse = {
  id: 12,
  record_id: 3,
  name: '张三',
  pillars: PILLARS,
  status: 'paid',
  price_fen: 3990,
  paid_at: '2026-03-01T02:00:00Z',
  created_at: '',
  birth: { gender: 'male', date: '1990-05-15 14:30', calendar: 'solar' },
  narrative: { status: 'none', sections: [], error: '' },
  content: {
    pillars: PILLARS,
    summary: ['乾造，四柱为庚午 辛巳 庚辰 癸未。'],
    sections: [{ key: 'geju', title: '格局与用神', paragraphs: ['格局：七杀格。'] }],
    da_yun: [],
    liu_nian: [],
    from_year: 2026
  }
}
const LINK = {
  url: 'http://127.0.0.1:3000/api/tools.report/pdf?id=12&exp=1&sig=x',
  file_name: '张三的八字详批报告.pdf',
  expires_at: '2026-03-01T02:10:00Z'
}

beforeEach(() => {
  saveCredential(appStorage, { user_id: 7, token: 'token-7' })
  api.getBaziInfo.mockResolvedValue({
    name: '张三',
    birth: { gender: 'male', date: '1990-05-15 14:30' },
    pillars: PILLARS,
    da_yun: [],
    chart: {} as never
  })
})
afterEach(() => {
  cleanup()
  jest.restoreAllMocks()
  jest.resetAllMocks()
  clearCredential(appStorage)
  sessionStore.dismissLogin()
})

const openReport = () => {
  api.getReportDetail.mockResolvedValue(detail)
  return renderPage(Baogao, { route: 'calculation/pages/baogao', params: { id: '12' }, depth: 2 })
}

describe('保存 PDF on the report page', () => {
  it('asks the server for the link of this report and hands it to the platform to open', async () => {
    api.getReportPdfLink.mockResolvedValue(LINK)
    platform.openReportPdf.mockResolvedValue('downloaded')
    const { container } = await openReport()
    const button = byText(container, '.report__bar-btn', '保存 PDF')
    expect(button).not.toBeNull()
    await tap(button)
    await settle()
    expect(api.getReportPdfLink).toHaveBeenCalledWith(12)
    expect(platform.openReportPdf).toHaveBeenCalledWith(LINK.url, LINK.file_name)
    expect(byText(container, '.report__bar-btn', '保存 PDF')).not.toBeNull()
  })

  it('shows that it is working, takes one tap at a time, and says why it failed', async () => {
    let fail!: (e: Error) => void
    api.getReportPdfLink.mockReturnValue(new Promise((_, reject) => (fail = reject)))
    const toast = jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' } as never)
    const { container } = await openReport()
    await tap(byText(container, '.report__bar-btn', '保存 PDF'))
    expect(byText(container, '.report__bar-btn', '生成中…')).not.toBeNull()
    await tap(byText(container, '.report__bar-btn', '生成中…'))
    expect(api.getReportPdfLink).toHaveBeenCalledTimes(1)
    fail(new Error('报告尚未支付'))
    await settle()
    expect(platform.openReportPdf).not.toHaveBeenCalled()
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'PDF 下载失败：报告尚未支付', icon: 'none' }))
    expect(byText(container, '.report__bar-btn', '保存 PDF')).not.toBeNull()
  })
})

describe('the sales page', () => {
  it('promises exactly the chapters the report is made of, and no 性格 the report lacks', async () => {
    api.getReportPrice.mockResolvedValue({
      title: '八字详批报告',
      description: '',
      price_fen: 3990,
      original_price_fen: 0
    })
    api.getReportByRecord.mockResolvedValue({ report: null })
    const { container } = await renderPage(ReportOffer, {
      route: 'calculation/pages/index',
      params: { record_id: '3' },
      depth: 2
    })
    const names = [...container.querySelectorAll('.calc__outline-name')].map((n) => n.textContent)
    expect(names).toEqual(REPORT_OUTLINE.map((c, i) => `${'一二三四五六七八九'[i]}、${c.title}`))
    expect(names.slice(1, 1 + REPORT_TOPICS.length).map((n) => n!.slice(2))).toEqual(REPORT_TOPICS.map((t) => t.title))
    expect(container.querySelector('.calc')?.textContent).not.toContain('性格')
  })
})
