import Taro from '@tarojs/taro'
import { cleanup } from '@testing-library/react'

import type { ReadingResponse, ReportDetailResponse } from '../../contract'
import * as tools from '../../src/api/tools'
import ReportOffer from '../../src/calculation/pages'
import Baogao from '../../src/calculation/pages/baogao'
import { clearCredential, saveCredential } from '../../src/core/credential'
import AiAnalysis from '../../src/pages/bazi/components/index/aiAnalysis'
import SaveRecord from '../../src/pages/bazi/components/SaveRecord'
import BookList from '../../src/pages/book/list'
import MyReports from '../../src/pages/my/report'
import * as pay from '../../src/platform/pay'
import { appStorage } from '../../src/platform/storage'
import { sessionStore } from '../../src/stores'
import { fireTaro, tap } from './events'
import { renderPage, settle } from './render'

jest.mock('../../src/api/tools')
jest.mock('../../src/platform/pay')
const api = tools as jest.Mocked<typeof tools>
const platformPay = pay as jest.Mocked<typeof pay>

// 1990-05-15 14:30 male: 庚午 辛巳 庚辰 癸未 (香港天文台《1990年公历与农历对照表》)
const PILLARS = ['庚午', '辛巳', '庚辰', '癸未']
const BIRTH_QUERY = { date: '1990-05-15%2014%3A30', gender: 'male', calendar: 'solar', name: '%E5%BC%A0%E4%B8%89' }
const reading = (over: Partial<ReadingResponse>): ReadingResponse => ({
  id: 5,
  source: 'rules',
  status: 'done',
  pillars: PILLARS,
  sections: [],
  text: '',
  error: '',
  ...over
})

beforeEach(() => {
  saveCredential(appStorage, { user_id: 7, token: 'token-7' })
  // Pages opened on a record look its birth up to share the chart (not the owner-only record).
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
  jest.useRealTimers()
  clearCredential(appStorage)
  sessionStore.dismissLogin()
})

describe('the reading page', () => {
  const ROUTE = 'pages/bazi/components/index/aiAnalysis/index'

  it('shows the rules reading of the birth in the query with the engine pillars', async () => {
    api.startReading.mockResolvedValue(
      reading({
        sections: [
          { key: 'personality', title: '性格特点', paragraphs: ['日主庚金，取象为刀剑顽铁。', '日主偏旺。'] },
          { key: 'career', title: '事业发展', paragraphs: ['宜自主创业。'] }
        ]
      })
    )
    const { container } = await renderPage(AiAnalysis, { route: ROUTE, params: BIRTH_QUERY, depth: 2 })
    expect(api.startReading).toHaveBeenCalledWith({
      record_id: undefined,
      birth: expect.objectContaining({ gender: 'male', date: '1990-05-15 14:30', calendar: 'solar' })
    })
    expect(container.querySelector('.reading__name')?.textContent).toBe('张三')
    expect(
      Array.from(container.querySelectorAll('.reading .gz-row__char'))
        .map((c) => c.textContent)
        .join('')
    ).toBe('庚午辛巳庚辰癸未')
    expect(Array.from(container.querySelectorAll('.reading__title')).map((t) => t.textContent)).toEqual([
      '性格特点',
      '事业发展'
    ])
    expect(container.querySelectorAll('.reading__section--personality .reading__para')).toHaveLength(2)
    expect(container.querySelector('.reading__typing')).toBeNull()
  })

  it('polls a streaming AI reading and shows the text as it arrives', async () => {
    api.startReading.mockResolvedValue(reading({ source: 'ai', status: 'streaming', text: '' }))
    api.getReading
      .mockResolvedValueOnce(
        reading({
          source: 'ai',
          status: 'streaming',
          text: '【性格特点】\n刚毅',
          sections: [{ key: 'personality', title: '性格特点', paragraphs: ['刚毅'] }]
        })
      )
      .mockResolvedValueOnce(
        reading({
          source: 'ai',
          status: 'done',
          text: '【性格特点】\n刚毅果断。',
          sections: [{ key: 'personality', title: '性格特点', paragraphs: ['刚毅果断。'] }]
        })
      )
    const { container } = await renderPage(AiAnalysis, { route: ROUTE, params: { record_id: '9' }, depth: 2 })
    expect(api.startReading).toHaveBeenCalledWith({ record_id: 9, birth: undefined })
    // A record is its owner's only: its share carries the birth, looked up without a spinner.
    expect(api.getBaziInfo).toHaveBeenCalledWith({ record_id: 9 }, true)
    expect(container.querySelector('.reading__typing')?.textContent).toBe('解读生成中…')
    // Each poll's answer stays on screen until the next poll, one POLL_MS later.
    const para = () => container.querySelector('.reading__para')?.textContent
    for (let i = 0; i < 100 && !para(); i++) await settle(50)
    expect(para()).toBe('刚毅')
    expect(container.querySelector('.reading__typing')).not.toBeNull()
    for (let i = 0; i < 100 && para() === '刚毅'; i++) await settle(50)
    expect(para()).toBe('刚毅果断。')
    expect(container.querySelector('.reading__typing')).toBeNull()
    expect(api.getReading).toHaveBeenCalledTimes(2)
    expect(container.querySelector('.reading__link--primary')?.textContent).toBe('详批报告')
  })

  it('says what went wrong, and asks visitors to log in', async () => {
    api.startReading.mockRejectedValue({ code: 0, msg: '出生信息有误: 日期不存在' })
    const { container } = await renderPage(AiAnalysis, { route: ROUTE, params: BIRTH_QUERY, depth: 2 })
    expect(container.querySelector('.state--error')?.textContent).toContain('出生信息有误: 日期不存在')
    cleanup()
    clearCredential(appStorage)
    api.startReading.mockClear()
    await renderPage(AiAnalysis, { route: ROUTE, params: BIRTH_QUERY, depth: 2 })
    expect(sessionStore.loginReason).toBe('登录后查看八字解读')
    expect(api.startReading).not.toHaveBeenCalled()
  })
})

describe('the classic-book page', () => {
  it('shows the passages for the chart with their source', async () => {
    api.getBaziBookInfo.mockResolvedValue({
      pillars: PILLARS,
      day_master: '庚',
      month_branch: '巳',
      list: [
        {
          book: '穷通宝鉴',
          chapter: '论庚金',
          title: '四月庚金',
          text: '四月丙火司令……',
          source: 'summary',
          edition: '《穷通宝鉴》白话摘要',
          reason: '日主庚金，生于巳月',
          yong_shen: ['壬', '戊', '丙', '丁']
        },
        {
          book: '滴天髓',
          chapter: '天干论',
          title: '庚金',
          text: '庚金带煞，刚健为最。',
          source: 'text',
          edition: '《滴天髓阐微》',
          reason: '日主庚金'
        }
      ]
    })
    const { container } = await renderPage(BookList, { route: 'pages/book/list', params: { record_id: '4' }, depth: 2 })
    expect(api.getBaziBookInfo).toHaveBeenCalledWith({ record_id: 4, birth: undefined })
    expect(Array.from(container.querySelectorAll('.book__book')).map((b) => b.textContent)).toEqual([
      '《穷通宝鉴》',
      '《滴天髓》'
    ])
    expect(
      Array.from(container.querySelectorAll('.book__yong-gan'))
        .map((g) => g.textContent)
        .join('')
    ).toBe('壬戊丙丁')
    expect(container.querySelectorAll('.book__edition')[0].textContent).toContain('白话摘要')
    expect(container.querySelector('.book__text--classic')?.textContent).toBe('庚金带煞，刚健为最。')
  })

  it("shows the book's own wording first, its season's passage, then the 白话 summary", async () => {
    api.getBaziBookInfo.mockResolvedValue({
      pillars: PILLARS,
      day_master: '甲',
      month_branch: '寅',
      list: [
        {
          book: '穷通宝鉴',
          chapter: '论甲木',
          title: '正月甲木',
          text: '正月甲木，初春尚有余寒，得丙癸逢，富贵双全。\n正二月甲木，素无取从才从杀从化之理。',
          source: 'text',
          summary: '初春尚有余寒，甲木需丙火温暖方能发荣。',
          season: { title: '三春甲木', text: '春月之木，渐有生长之象。' },
          edition: '《穷通宝鉴》原文',
          reason: '日主甲木，生于寅月',
          yong_shen: ['丙', '癸']
        }
      ]
    })
    const { container } = await renderPage(BookList, { route: 'pages/book/list', params: { record_id: '4' }, depth: 2 })
    const texts = Array.from(container.querySelectorAll('.book__passage .book__text'))
    expect(texts.map((t) => t.classList.contains('book__text--classic'))).toEqual([true, true, false])
    expect(Array.from(texts[0].querySelectorAll('.book__para')).map((p) => p.textContent)).toEqual([
      '正月甲木，初春尚有余寒，得丙癸逢，富贵双全。',
      '正二月甲木，素无取从才从杀从化之理。'
    ])
    expect(texts[1].textContent).toBe('春月之木，渐有生长之象。')
    expect(texts[2].textContent).toBe('初春尚有余寒，甲木需丙火温暖方能发荣。')
    expect(Array.from(container.querySelectorAll('.book__label')).map((l) => l.textContent)).toEqual([
      '三春甲木（总论）',
      '白话'
    ])
    expect(container.querySelector('.book__edition')?.textContent).toBe('原文 · 《穷通宝鉴》原文')
  })

  it('says a chart is needed when the query has none', async () => {
    const { container } = await renderPage(BookList, { route: 'pages/book/list', depth: 2 })
    expect(container.querySelector('.state--error')?.textContent).toContain('缺少命盘信息')
    expect(api.getBaziBookInfo).not.toHaveBeenCalled()
  })
})

describe('the save-record button', () => {
  const form = {
    name: '张三',
    gender: 'male' as const,
    calendar: 'solar' as const,
    date: '1990-05-15 14:30',
    leapMonth: false,
    city: '北京',
    longitude: 116.4,
    utcOffset: 8,
    trueSolarTime: true,
    ziHour: 'next-day' as const
  }

  it('asks a name and saves the birth', async () => {
    api.saveBazi.mockResolvedValue({
      id: 1,
      name: '本人',
      birth: {} as never,
      pillars: PILLARS,
      is_default: false,
      created_at: ''
    })
    jest.spyOn(Taro, 'showToast').mockResolvedValue({ errMsg: 'ok' } as never)
    const onSaved = jest.fn()
    const { container } = await renderPage(SaveRecord, { route: 'pages/bazi/plate', props: { form, onSaved } })
    await tap(container.querySelector('.save-record__button'))
    await fireTaro(container.querySelector('.name-prompt__input'), 'input', '本人')
    await tap(container.querySelector('.name-prompt__ok'))
    expect(api.saveBazi).toHaveBeenCalledWith({
      name: '本人',
      gender: 'male',
      date: '1990-05-15 14:30',
      calendar: 'solar',
      leap_month: false,
      city: '北京',
      longitude: 116.4,
      utc_offset: 8,
      true_solar_time: true,
      zi_hour: 'next-day'
    })
    expect(onSaved).toHaveBeenCalled()
    expect(container.querySelector('.save-record__button')?.textContent).toContain('已保存')
  })

  it("shows the server's reason in the dialog, and asks visitors to log in", async () => {
    api.saveBazi.mockRejectedValue({ code: 0, msg: '档案最多保存 500 个，请先删除不用的档案' })
    const { container } = await renderPage(SaveRecord, { route: 'pages/bazi/plate', props: { form } })
    await tap(container.querySelector('.save-record__button'))
    await tap(container.querySelector('.name-prompt__ok'))
    expect(container.querySelector('.name-prompt__error')?.textContent).toBe('档案最多保存 500 个，请先删除不用的档案')
    cleanup()
    clearCredential(appStorage)
    const again = await renderPage(SaveRecord, { route: 'pages/bazi/plate', props: { form } })
    await tap(again.container.querySelector('.save-record__button'))
    expect(sessionStore.loginReason).toBe('登录后即可保存档案')
    expect(again.container.querySelector('.name-prompt')).toBeNull()
  })
})

describe('the paid report pages', () => {
  const price = { title: '八字详批报告', description: '详批', price_fen: 3990, original_price_fen: 9900 }
  const info = {
    name: '张三',
    birth: { gender: 'male' as const, date: '1990-05-15 14:30', city: '北京市', longitude: 116.41 },
    pillars: PILLARS,
    da_yun: [],
    chart: {} as never
  }

  it('offers the report at the server price and pays through the platform, then opens it', async () => {
    api.getReportPrice.mockResolvedValue(price)
    api.getBaziInfo.mockResolvedValue(info)
    api.getReportByRecord.mockResolvedValueOnce({ report: null })
    api.payReport.mockResolvedValue({
      report_id: 12,
      paid: false,
      pay: { out_trade_no: 'T1', amount_fen: 3990, provider: 'sandbox' }
    })
    platformPay.payOrder.mockResolvedValue('paid')
    api.getReportByRecord.mockResolvedValueOnce({
      report: {
        id: 12,
        record_id: 3,
        name: '张三',
        pillars: PILLARS,
        status: 'paid',
        price_fen: 3990,
        paid_at: '',
        created_at: ''
      }
    })
    const redirect = jest.spyOn(Taro, 'redirectTo').mockResolvedValue({ errMsg: 'ok' } as never)
    const { container } = await renderPage(ReportOffer, {
      route: 'calculation/pages/index',
      params: { record_id: '3' },
      depth: 2
    })
    expect(container.querySelector('.calc__now')?.textContent).toBe('¥39.90')
    expect(container.querySelector('.calc__was')?.textContent).toBe('¥99.00')
    await tap(container.querySelector('.calc__buy'))
    await settle()
    expect(api.payReport).toHaveBeenCalledTimes(1)
    expect(platformPay.payOrder).toHaveBeenCalledWith({ out_trade_no: 'T1', amount_fen: 3990, provider: 'sandbox' })
    expect(redirect.mock.calls[0][0].url).toBe('/calculation/pages/baogao?id=12')
  })

  it('opens a report already bought instead of selling it again', async () => {
    api.getReportPrice.mockResolvedValue(price)
    api.getBaziInfo.mockResolvedValue(info)
    api.getReportByRecord.mockResolvedValue({
      report: {
        id: 12,
        record_id: 3,
        name: '张三',
        pillars: PILLARS,
        status: 'paid',
        price_fen: 3990,
        paid_at: '',
        created_at: ''
      }
    })
    const navigate = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' } as never)
    const { container } = await renderPage(ReportOffer, {
      route: 'calculation/pages/index',
      params: { record_id: '3' },
      depth: 2
    })
    expect(container.querySelector('.calc__now')).toBeNull()
    await tap(container.querySelector('.calc__buy'))
    expect(navigate.mock.calls[0][0].url).toBe('/calculation/pages/baogao?id=12')
    expect(api.payReport).not.toHaveBeenCalled()
  })

  it('shows a cancelled payment', async () => {
    api.getReportPrice.mockResolvedValue(price)
    api.getBaziInfo.mockResolvedValue(info)
    api.getReportByRecord.mockResolvedValue({ report: null })
    api.payReport.mockResolvedValue({
      report_id: 12,
      paid: false,
      pay: { out_trade_no: 'T1', amount_fen: 3990, provider: 'sandbox' }
    })
    platformPay.payOrder.mockResolvedValue('cancelled')
    const { container } = await renderPage(ReportOffer, {
      route: 'calculation/pages/index',
      params: { record_id: '3' },
      depth: 2
    })
    await tap(container.querySelector('.calc__buy'))
    expect(container.querySelector('.calc__error')?.textContent).toBe('已取消支付')
  })

  it('shows the whole report on one page with a numbered table of contents; a tap brings the chapter up', async () => {
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
        sections: [
          {
            key: 'geju',
            title: '格局与用神',
            paragraphs: ['格局：七杀格（正格，成格）。'],
            quotes: [{ book: '子平真诠', chapter: '论偏官', text: '煞以攻身，似非美物。' }]
          },
          { key: 'liuqin', title: '六亲', paragraphs: ['父亲：以偏财（木）论。'] }
        ],
        da_yun: [
          {
            gan_zhi: '壬午',
            start_year: 1997,
            end_year: 2006,
            start_age: 8,
            end_age: 17,
            verdict: '吉',
            paragraphs: ['大运壬午：食神。']
          }
        ],
        liu_nian: [
          {
            year: 2026,
            gan_zhi: '丙午',
            age: 37,
            verdict: '欠佳',
            paragraphs: ['流年丙午：七杀。'],
            months: [
              {
                month: '五月',
                gan_zhi: '甲午',
                start: '2026-06-05',
                tone: '忌',
                note: '干支木火，皆为忌神，宜守成、谨慎决策'
              }
            ]
          }
        ],
        from_year: 2026
      }
    }
    api.getReportDetail.mockResolvedValue(detail)
    const { container } = await renderPage(Baogao, {
      route: 'calculation/pages/baogao',
      params: { id: '12' },
      depth: 2
    })
    expect(api.getReportDetail).toHaveBeenCalledWith(12)
    expect(container.querySelector('.report__summary')?.textContent).toContain('庚午 辛巳 庚辰 癸未')
    const entries = [...container.querySelectorAll('.report__toc-item')]
    expect(entries.map((t) => t.textContent)).toEqual([
      '一、命局总论›',
      '二、格局与用神›',
      '三、六亲›',
      '四、大运详批›',
      '五、2026—2026年流年›'
    ])
    // every chapter is on the page, 格局 first among the sections, headed as in the contents
    expect([...container.querySelectorAll('.report__section .report__h')].map((h) => h.textContent)).toEqual([
      '目录',
      '一、命局总论',
      '二、格局与用神',
      '三、六亲',
      '四、大运详批',
      '五、2026—2026年流年'
    ])
    expect(container.querySelector('.report__section--geju')?.textContent).toContain('格局：七杀格')
    expect(container.querySelector('.report__quote')?.textContent).toBe('煞以攻身，似非美物。——《子平真诠》论偏官')
    expect(container.querySelector('.report__section--liuqin')?.textContent).toContain('父亲：以偏财（木）论')
    expect(container.querySelector('.report__dayun')?.textContent).toContain('壬午大运吉')
    expect(container.querySelector('.report__dayun')?.textContent).toContain('1997—2006年 · 8至17岁')
    expect(container.querySelector('.report__liunian')?.textContent).toContain('2026年 丙午')
    expect(container.querySelector('.report__month--bad')?.textContent).toBe(
      '五月（甲午，2026-06-05起）：干支木火，皆为忌神，宜守成、谨慎决策'
    )
    // a tap on 四、大运详批 scrolls its chapter into view
    const scrolled: string[] = []
    // jsdom does not scroll: record which element is asked to
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.id)
    }
    await tap(entries[3])
    delete (Element.prototype as Partial<Element>).scrollIntoView
    expect(scrolled).toEqual(['report-part-3'])
    expect(container.querySelector('.report__dayun')!.id).toBe('report-part-3')
    expect(container.querySelector('.report__bar')?.textContent).toBe('目录保存 PDF生成长图')
  })

  it('shows a report bought before the 格局 section existed, its sections as they were', async () => {
    api.getReportDetail.mockResolvedValue({
      id: 13,
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
        summary: ['乾造。'],
        sections: [{ key: 'personality', title: '性格特点', paragraphs: ['刚毅。'] }],
        da_yun: [],
        liu_nian: [],
        from_year: 2026
      }
    })
    const { container } = await renderPage(Baogao, {
      route: 'calculation/pages/baogao',
      params: { id: '13' },
      depth: 2
    })
    expect([...container.querySelectorAll('.report__toc-title')].map((t) => t.textContent)).toEqual([
      '一、命局总论',
      '二、性格特点'
    ])
    expect(container.querySelector('.report__section--personality')?.textContent).toContain('刚毅。')
  })

  it('shows the computed report while the AI writes, then AI sections replace it; failure offers 重新撰写', async () => {
    const base = {
      id: 14,
      record_id: 3,
      name: '张三',
      pillars: PILLARS,
      status: 'paid' as const,
      price_fen: 3990,
      paid_at: '2026-03-01T02:00:00Z',
      created_at: '',
      birth: { gender: 'male' as const, date: '1990-05-15 14:30', calendar: 'solar' as const },
      content: {
        pillars: PILLARS,
        summary: ['乾造。'],
        da_yun: [],
        liu_nian: [],
        from_year: 2026,
        sections: [
          {
            key: 'geju',
            title: '格局与用神',
            paragraphs: ['格局：七杀格。'],
            quotes: [{ book: '子平真诠', chapter: '论偏官', text: '煞以攻身，似非美物。' }]
          },
          { key: 'liuqin', title: '六亲', paragraphs: ['父亲：以偏财论。'] }
        ]
      }
    }
    const written = [
      { key: 'geju', title: '格局与用神', paragraphs: ['月令巳火七杀透出，取七杀格。', '身弱用印化杀。'] }
    ]
    api.getReportDetail
      .mockResolvedValueOnce({ ...base, narrative: { status: 'streaming', sections: [], error: '' } })
      .mockResolvedValueOnce({
        ...base,
        narrative: { status: 'failed', sections: written, error: 'AI 撰写超时，请稍后重试' }
      })
    const { container } = await renderPage(Baogao, {
      route: 'calculation/pages/baogao',
      params: { id: '14' },
      depth: 2
    })
    expect(container.querySelector('.report__ai--writing')?.textContent).toContain(
      'AI 正在依据命盘撰写详批（已写 0/6 节）'
    )
    expect(container.querySelector('.report__section--geju')?.textContent).toContain('格局：七杀格。')

    // The poll finds it failed: the rules text stays, with the reason and a way to try again.
    for (let i = 0; i < 40 && !container.querySelector('.report__ai--failed'); i++) await settle(100)
    expect(container.querySelector('.report__ai--failed')?.textContent).toContain(
      'AI 撰写未完成：AI 撰写超时，请稍后重试'
    )
    expect(container.querySelector('.report__section--geju')?.textContent).toContain('格局：七杀格。')
    expect(api.getReportDetail).toHaveBeenLastCalledWith(14, true)

    api.rewriteReport.mockResolvedValue({ status: 'done', sections: written, error: '' })
    await tap(container.querySelector('.report__ai-retry'))
    expect(api.rewriteReport).toHaveBeenCalledWith(14)
    // Written: the model's section replaces the rules text; the book's words and the sections it did not write stay.
    const geju = container.querySelector('.report__section--geju')!.textContent!
    expect(geju).toContain('月令巳火七杀透出，取七杀格。身弱用印化杀。')
    expect(geju).not.toContain('格局：七杀格。')
    expect(geju).toContain('煞以攻身，似非美物。')
    expect(container.querySelector('.report__section--liuqin')?.textContent).toContain('父亲：以偏财论。')
    expect(container.querySelector('.report__ai')?.textContent).toContain('各节由 AI 依据程序排出的命盘')
  })

  it('lists my reports and opens one', async () => {
    api.getReportList.mockResolvedValue({
      list: [
        {
          id: 12,
          record_id: 3,
          name: '张三',
          pillars: PILLARS,
          status: 'paid',
          price_fen: 3990,
          paid_at: '2026-03-01T02:00:00Z',
          created_at: ''
        }
      ],
      total: 1,
      page: 1,
      per_page: 15,
      last_page: 1
    })
    const navigate = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' } as never)
    const { container } = await renderPage(MyReports, { route: 'pages/my/report', depth: 2 })
    expect(container.querySelector('.my-report__name')?.textContent).toBe('张三 · 八字详批')
    expect(container.querySelector('.my-report__meta')?.textContent).toContain('¥39.90')
    await tap(container.querySelector('.my-report__item'))
    expect(navigate.mock.calls[0][0].url).toBe('/calculation/pages/baogao?id=12')
  })
})
