import type { BookPassage } from '../../../contract'
import type { BaziChart } from '../../../src/metaphysics/bazi'
import { DI_TIAN_SUI_EDITION, DI_TIAN_SUI_GAN } from '../../data/ditiansui'
import { monthNameOf, QIONG_TONG_EDITION, qiongTongOf } from '../../data/qiongtong'

/**
 * The classic passages that speak to this chart: its month's 调候 in 《穷通宝鉴》 (原文 when known) and the day master's verse.
 */
export function passagesFor(chart: BaziChart): BookPassage[] {
  const gan = chart.dayMaster.gan
  const zhi = chart.pillars.month.zhi
  const element = chart.dayMaster.wuXing
  const list: BookPassage[] = []
  const entry = qiongTongOf(gan, zhi)
  if (entry) {
    list.push({
      book: '穷通宝鉴',
      chapter: `论${gan}${element}`,
      title: `${monthNameOf(zhi)}${gan}${element}`,
      ...(entry.text
        ? { text: entry.text, source: 'text' as const, summary: entry.summary }
        : { text: entry.summary, source: 'summary' as const }),
      edition: QIONG_TONG_EDITION,
      reason: `日主${gan}${element}，生于${zhi}月（${monthNameOf(zhi)}）`,
      yong_shen: entry.yong,
      ...(entry.season ? { season: entry.season } : {})
    })
  }
  list.push({
    book: '滴天髓',
    chapter: '天干论',
    title: `${gan}${element}`,
    text: DI_TIAN_SUI_GAN[gan],
    source: 'text',
    edition: DI_TIAN_SUI_EDITION,
    reason: `日主${gan}${element}`
  })
  return list
}
