import { chinaNow } from '@contract/china-time'

import type { QimenMethod } from '@/metaphysics/qimen'
import { decodeParam, queryString } from '@/pages/bazi/chart-query'

/** The moment and method of a qimen chart, as pages/qmdj/detail's query carries them. */
export interface QimenForm {
  /** Beijing time 'YYYY-MM-DD HH:mm' */
  date: string
  method: QimenMethod
}

export const DETAIL_ROUTE = '/pages/qmdj/detail'
export const METHOD_NAMES: Record<QimenMethod, string> = { chaibu: '拆补法', zhirun: '置闰法' }

export const detailUrl = (form: QimenForm): string =>
  `${DETAIL_ROUTE}?${queryString({ date: form.date, method: form.method })}`

export const queryToQimen = (params: Record<string, string | undefined>): QimenForm => ({
  date: decodeParam(params.date).replace('+', ' '),
  method: decodeParam(params.method) === 'zhirun' ? 'zhirun' : 'chaibu'
})

/** The current Beijing clock time, whatever the device's time zone (the chart is reckoned in it). */
export const beijingNow = (now: Date = new Date()): string => chinaNow(now)
