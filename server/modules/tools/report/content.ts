import type { BaziChart } from '../../../../src/metaphysics/bazi'
import type { ReportContent } from '../../../../src/api/contract'
import { pillarsOf } from '../birth'
import { passagesFor } from '../books'
import { luckParagraphs, yearGanZhi } from '../reading/luck'
import { rulesReading } from '../reading/rules'

/** Years of 流年 the report looks ahead. */
export const REPORT_YEARS = 10

/** The detailed report: the whole reading, every 大运 and the next ten 流年 from `year`. */
export function composeReport(chart: BaziChart, name: string, year: number): ReportContent {
  const birthYear = Number(chart.birth.clock.slice(0, 4))
  const ys = chart.yongShen
  const qiongTong = passagesFor(chart).find((p) => p.book === '穷通宝鉴')
  const summary = [
    `${name ? name + '，' : ''}${chart.gender === 'male' ? '乾造' : '坤造'}，生于公历${chart.birth.clock}（农历${chart.birth.lunar}），属${chart.birth.shengXiao}。`,
    `四柱为${pillarsOf(chart).join(' ')}，日主${chart.dayMaster.gan}${chart.dayMaster.wuXing}，${chart.strength.verdict}；用神${ys.yongShen}，喜${ys.xiShen.join('、') || '无'}，忌${ys.jiShen.join('、') || '无'}。${ys.reason}。`,
    `${chart.qiYun.text}，于${chart.qiYun.date.slice(0, 10)}交运，大运${chart.qiYun.forward ? '顺' : '逆'}行。`,
    ...(qiongTong ? [`《穷通宝鉴》${qiongTong.title}：调候取${qiongTong.yong_shen?.join('、')}。${qiongTong.summary ?? qiongTong.text}`] : [])
  ]
  return {
    pillars: pillarsOf(chart),
    summary,
    sections: rulesReading(chart, year),
    da_yun: chart.daYun.map((d) => ({
      gan_zhi: d.ganZhi,
      start_year: d.startYear,
      end_year: d.endYear,
      start_age: d.startAge,
      end_age: d.endAge,
      paragraphs: luckParagraphs(chart, d.ganZhi, '大运')
    })),
    liu_nian: Array.from({ length: REPORT_YEARS }, (_, i) => {
      const y = year + i
      return { year: y, gan_zhi: yearGanZhi(y), age: y - birthYear + 1, paragraphs: luckParagraphs(chart, yearGanZhi(y), '流年') }
    }),
    from_year: year
  }
}
