import { type BaziChart, baziChart } from '@/metaphysics/bazi'
import { baziHeHun, type HeHunResult } from '@/metaphysics/bazi/hehun'

import { chartErrorMessage } from './birth-fields'
import { decodeParam } from './chart-query'

/** One side of a 合婚: name, gender and the 公历 birth in Beijing time ('YYYY-MM-DD HH:mm'). */
export interface Side {
  name: string
  gender: 'male' | 'female'
  date: string
}

const DATE = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/

/** The two births of the page query: `a=1990-05-15 14:30&ag=male&an=张三&b=…&bg=female&bn=…`. */
export function sidesOf(params: Record<string, string | undefined>): [Side, Side] {
  const side = (k: 'a' | 'b', fallback: Side['gender']): Side => {
    const g = decodeParam(params[`${k}g`])
    return {
      name: decodeParam(params[`${k}n`]),
      gender: g === 'male' || g === 'female' ? g : fallback,
      date: decodeParam(params[k]).replace('+', ' ')
    }
  }
  return [side('a', 'male'), side('b', 'female')]
}

export function sidesToQuery([a, b]: [Side, Side]): Record<string, string> {
  const q: Record<string, string> = { a: a.date, ag: a.gender, b: b.date, bg: b.gender }
  if (a.name.trim()) q.an = a.name.trim()
  if (b.name.trim()) q.bn = b.name.trim()
  return q
}

/** The 合婚 of two sides, or what is wrong with either birth (named by side). */
export function matchOf(sides: [Side, Side]): {
  charts?: [BaziChart, BaziChart]
  result?: HeHunResult
  error?: string
} {
  const charts: BaziChart[] = []
  for (const [i, s] of sides.entries()) {
    const label = s.name || (i === 0 ? '第一位' : '第二位')
    if (!DATE.test(s.date)) return { error: `请填写${label}的出生日期和时间` }
    try {
      charts.push(baziChart({ date: s.date, gender: s.gender }))
    } catch (e) {
      return { error: `${label}：${chartErrorMessage(e)}` }
    }
  }
  const pair = charts as [BaziChart, BaziChart]
  return { charts: pair, result: baziHeHun(pair[0], pair[1]) }
}
