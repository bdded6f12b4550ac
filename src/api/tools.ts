import type {
  BaziBookResponse,
  BaziDefaultResponse,
  BaziIdRequest,
  BaziInfoResponse,
  BaziListRequest,
  BaziListResponse,
  BaziRecord,
  BaziRenameRequest,
  BaziTipsResponse,
  ChartSource,
  Empty,
  QmdjPanRequest,
  QmdjPanResponse,
  ReadingResponse,
  ReadingStartRequest,
  ReportByRecordResponse,
  ReportDetailResponse,
  ReportListResponse,
  ReportNarrative,
  ReportPayRequest,
  ReportPayResponse,
  ReportPdfLinkResponse,
  ReportPriceResponse,
  SaveBaziRequest
} from '@contract'

import { request } from './http'

export const saveBazi = (data: SaveBaziRequest) =>
  request<BaziRecord>({ url: '/api/tools.index/saveBazi', method: 'POST', data })

/** My saved records, newest first. */
export const getBaziList = (data: BaziListRequest = {}) =>
  request<BaziListResponse>({ url: '/api/tools.index/baziList', method: 'POST', data, showLoading: false })

export const renameBazi = (data: BaziRenameRequest) =>
  request<BaziRecord>({ url: '/api/tools.bazi/rename', method: 'POST', data })

export const deleteBazi = (data: BaziIdRequest) =>
  request<Empty>({ url: '/api/tools.bazi/delete', method: 'POST', data })

export const setDefaultBazi = (data: BaziIdRequest) =>
  request<BaziRecord>({ url: '/api/tools.bazi/setDefault', method: 'POST', data })

export const getDefaultBazi = () =>
  request<BaziDefaultResponse>({ url: '/api/tools.bazi/getDefault', showLoading: false })

/** The server's chart of a record or a raw birth. */
/** `quiet`: no loading indicator or toast, for a look-up the user did not ask for. */
export const getBaziInfo = (data: ChartSource, quiet = false) =>
  request<BaziInfoResponse>({
    url: '/api/tools.index/getBaZiInfo',
    method: 'POST',
    data,
    ...(quiet ? { showLoading: false, showToast: false } : {})
  })

export const getBaziTips = () =>
  request<BaziTipsResponse>({ url: '/api/tools.index/getBaziTips', showLoading: false, showToast: false })

/** The classic-book passages that apply to a chart. */
export const getBaziBookInfo = (data: ChartSource) =>
  request<BaziBookResponse>({ url: '/api/tools.index/getBaziBookInfo', method: 'POST', data, showToast: false })

export const getQmdjPan = (data: QmdjPanRequest = {}) =>
  request<QmdjPanResponse>({ url: '/api/tools.index/getQmdjPan', method: 'POST', data })

/** Starts a reading: done at once (rules) or streaming (AI, poll getReading). */
export const startReading = (data: ReadingStartRequest) =>
  request<ReadingResponse>({ url: '/api/tools.reading/start', method: 'POST', data, showToast: false })

export const getReading = (id: number) =>
  request<ReadingResponse>({ url: '/api/tools.reading/detail', data: { id }, showLoading: false, showToast: false })

export const getReportPrice = () =>
  request<ReportPriceResponse>({ url: '/api/tools.report/price', showLoading: false, showToast: false })

/** Buys the detailed report of a record (or says it is already paid). */
export const payReport = (data: ReportPayRequest) =>
  request<ReportPayResponse>({ url: '/api/tools.index/pay', method: 'POST', data, loadingMask: true })

export const getReportByRecord = (recordId: number) =>
  request<ReportByRecordResponse>({
    url: '/api/tools.report/byRecord',
    data: { record_id: recordId },
    showLoading: false,
    showToast: false
  })

export const getReportList = (params: { page?: number; per_page?: number } = {}) =>
  request<ReportListResponse>({ url: '/api/tools.report/lists', data: params, showLoading: false })

export const getReportDetail = (id: number, quiet = false) =>
  request<ReportDetailResponse>({
    url: '/api/tools.report/detail',
    data: { id },
    showToast: false,
    ...(quiet ? { showLoading: false } : {})
  })

/** A short-lived signed link to the report as a PDF (owner only); the page shows its own error toast. */
export const getReportPdfLink = (id: number) =>
  request<ReportPdfLinkResponse>({
    url: '/api/tools.report/pdfLink',
    data: { id },
    showLoading: false,
    showToast: false
  })

/** Asks the model again for a report whose AI-written sections failed. */
export const rewriteReport = (id: number) =>
  request<ReportNarrative>({ url: '/api/tools.report/rewrite', method: 'POST', data: { id }, loadingMask: true })
