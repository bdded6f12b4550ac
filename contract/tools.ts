/**
 * Contract of the tools domain: bazi records, the server's chart, the classic-book passages, the
 * reading, the paid report and the qimen chart. Types only.
 */
import type { BaziChart, DaYun } from '../src/metaphysics/bazi'
import type { QimenChart } from '../src/metaphysics/qimen'
import type { Paged, PageParams, PayStart } from '.'

/** A birth as entered on the input form; `date` is 'YYYY-MM-DD HH:mm' in the given calendar. */
export interface BaziBirth {
  gender: 'male' | 'female'
  date: string
  /** default 'solar' */
  calendar?: 'solar' | 'lunar'
  /** with calendar 'lunar': the month is that year's leap month */
  leap_month?: boolean
  /** birth place shown with the record, e.g. '北京' */
  city?: string
  /** degrees east of the birth place */
  longitude?: number
  /** standard UTC offset of the place in hours, default 8 */
  utc_offset?: number
  /**
   * IANA time zone of the place ('Asia/Hong_Kong', 'America/New_York'): the offset in force at the
   * birth (summer time, historical offsets) comes from it. Without it utc_offset is read as standard
   * time, with China's 1986-1991 summer hour removed when it is 8. Records do not store it: a saved
   * record gets its city's zone back when its city is one of the engine's cities
   */
  time_zone?: string
  /** correct to true solar time (needs a longitude) */
  true_solar_time?: boolean
  /** 早晚子时: 'next-day' (default, 23:00 starts the next day) or 'same-day' */
  zi_hour?: 'next-day' | 'same-day'
}

/** A birth with every field filled in, as the server stores and returns it. */
export type StoredBirth = Required<Omit<BaziBirth, 'longitude' | 'time_zone'>> & {
  longitude?: number
  time_zone?: string
}

/** Either a saved record (login needed, own records only) or a raw birth. */
export interface ChartSource {
  record_id?: number
  birth?: BaziBirth
}

/** POST /api/tools.index/saveBazi */
export interface SaveBaziRequest extends BaziBirth {
  /** 1..32 characters */
  name: string
}

export interface BaziRecord {
  id: number
  name: string
  birth: StoredBirth
  /** four 干支 [year, month, day, hour] */
  pillars: string[]
  is_default: boolean
  created_at: string
}

/** POST /api/tools.index/baziList: my records, newest first. */
export type BaziListRequest = PageParams
export type BaziListResponse = Paged<BaziRecord>

/** POST /api/tools.bazi/rename */
export interface BaziRenameRequest {
  id: number
  name: string
}

/** POST /api/tools.bazi/delete and /api/tools.bazi/setDefault */
export interface BaziIdRequest {
  id: number
}

/** GET /api/tools.bazi/getDefault: my default record for the daily tools, null when none. */
export interface BaziDefaultResponse {
  record: BaziRecord | null
}

/** POST /api/tools.index/getBaZiInfo */
export interface BaziInfoResponse {
  /** the record's name, or '' for a raw birth */
  name: string
  /** the birth the chart was computed from (a record's is what lets its owner share the chart) */
  birth: BaziBirth
  /** four 干支 [year, month, day, hour], as the engine computes them */
  pillars: string[]
  da_yun: DaYun[]
  chart: BaziChart
}

/** GET /api/tools.index/getBaziTips */
export interface BaziTip {
  id: number
  content: string
}
export interface BaziTipsResponse {
  list: BaziTip[]
}

/**
 * A passage of a public-domain classic. source 'text': the classical wording of the named edition (paragraphs
 * separated by '\n'); 'summary': a faithful modern Chinese summary of that passage, the wording not being known.
 */
export interface BookPassage {
  book: string
  chapter: string
  title: string
  text: string
  source: 'text' | 'summary'
  edition: string
  /** why it applies to this chart, e.g. '日主庚金 · 生于巳月' */
  reason: string
  /** 调候用神 stems named by the passage (穷通宝鉴), in order of importance */
  yong_shen?: string[]
  /** a modern Chinese summary of the passage, given alongside the classical wording (source 'text') */
  summary?: string
  /** the book's general passage for the season the month belongs to (e.g. 三春甲木), in its own wording */
  season?: { title: string; text: string }
}

/** POST /api/tools.index/getBaziBookInfo */
export interface BaziBookResponse {
  pillars: string[]
  day_master: string
  month_branch: string
  list: BookPassage[]
}

/** POST /api/tools.index/getQmdjPan */
export interface QmdjPanRequest {
  /** Beijing clock time 'YYYY-MM-DD HH:mm'; now when left out */
  date?: string
  /** 'chaibu' 拆补 (default) or 'zhirun' 置闰 */
  method?: 'chaibu' | 'zhirun'
}
export type QmdjPanResponse = QimenChart

// ---- reading ----

export interface ReadingSection {
  key: 'personality' | 'career' | 'wealth' | 'love' | 'health' | 'luck'
  title: string
  paragraphs: string[]
}

/** POST /api/tools.reading/start */
export type ReadingStartRequest = ChartSource

/** GET /api/tools.reading/detail?id= (owner only). Poll while status is 'streaming'. */
export interface ReadingResponse {
  id: number
  /** 'ai' when a model writes it (text arrives over time), 'rules' when composed from the chart */
  source: 'ai' | 'rules'
  status: 'streaming' | 'done' | 'failed'
  pillars: string[]
  /** the rules reading; for 'ai' the sections parsed from the text so far */
  sections: ReadingSection[]
  /** the model's text so far ('' for rules) */
  text: string
  error: string
}

// ---- paid report ----

/** GET /api/tools.report/price */
export interface ReportPriceResponse {
  title: string
  description: string
  price_fen: number
  original_price_fen: number
}

/** POST /api/tools.index/pay: buy the detailed report of a record. */
export interface ReportPayRequest {
  record_id: number
}
export interface ReportPayResponse {
  report_id: number
  /** true when this record's report is already paid: nothing to pay */
  paid: boolean
  pay?: PayStart
}

/** A 流月 worth marking in a 流年: its 干支, the month, and why it matters. */
export interface ReportMonth {
  /** e.g. '五月' (the 节 month: 正月 opens at 立春) */
  month: string
  gan_zhi: string
  /** the 节 that opens it, 'YYYY-MM-DD' */
  start: string
  /** '喜' | '忌' | '动': favourable, unfavourable, or a clash/combination with the natal pillars */
  tone: '喜' | '忌' | '动'
  note: string
}

export interface ReportYear {
  year: number
  gan_zhi: string
  age: number
  paragraphs: string[]
  /** verdict of the year against the chart's 喜忌 (reports bought before it was added lack it) */
  verdict?: string
  months?: ReportMonth[]
}

/** A passage quoted word for word, with its book and chapter. */
export interface ReportQuote {
  book: string
  chapter: string
  text: string
}

/** A section of the paid report (its own keys: 格局与用神, 六亲, 事业, 财运, 婚姻, 健康 …). */
export interface ReportSection {
  key: string
  title: string
  paragraphs: string[]
  quotes?: ReportQuote[]
}

export interface ReportDaYun {
  gan_zhi: string
  start_year: number
  end_year: number
  start_age: number
  end_age: number
  paragraphs: string[]
  /** verdict of the step against the chart's 喜忌 (reports bought before it was added lack it) */
  verdict?: string
}

export interface ReportContent {
  pillars: string[]
  summary: string[]
  sections: ReportSection[]
  da_yun: ReportDaYun[]
  liu_nian: ReportYear[]
  /** year the report was written: the ten 流年 start here */
  from_year: number
}

export interface ReportSummary {
  id: number
  record_id: number
  name: string
  pillars: string[]
  status: 'pending' | 'paid'
  price_fen: number
  paid_at: string
  created_at: string
}

/** GET /api/tools.report/lists: my paid reports. */
export type ReportListResponse = Paged<ReportSummary>

/**
 * With an AI provider, the model writes the report's sections from its computed facts: `none` without
 * one; `queued` until the page first asks; `streaming` while it arrives (poll); `failed` says why and
 * may be started again (POST /api/tools.report/rewrite). The tables (大运, 流年, 流月) stay computed.
 */
export interface ReportNarrative {
  status: 'none' | 'queued' | 'streaming' | 'done' | 'failed'
  /** the model's sections so far, keyed like `content.sections` */
  sections: ReportSection[]
  error: string
}

/** GET /api/tools.report/detail?id= (owner only; paid reports only) */
export interface ReportDetailResponse extends ReportSummary {
  birth: BaziBirth
  content: ReportContent
  narrative: ReportNarrative
}

/**
 * GET /api/tools.report/pdfLink?id= (owner only; paid reports only): a link to the report as an A4 PDF,
 * signed for this report and valid for a few minutes, that opens without a token.
 */
export interface ReportPdfLinkResponse {
  url: string
  /** suggested file name, with '.pdf' */
  file_name: string
  /** when the link stops working, ISO time */
  expires_at: string
}

/** GET /api/tools.report/byRecord?record_id=: whether my report of a record exists and is paid. */
export interface ReportByRecordResponse {
  report: ReportSummary | null
}
