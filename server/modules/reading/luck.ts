import { type BaziChart, JIA_ZI, luckRelations, luckShenSha } from '../../../src/metaphysics/bazi'
import { ganZhiGods, type Leaning, leaningOf } from './chart-facts'
import { SHEN_SHA_MEANING, SHI_SHEN_LUCK } from './texts'

/** 干支 of a Gregorian year (the year from its 立春): 1984 is 甲子. */
export const yearGanZhi = (year: number): string => JIA_ZI[(((year - 1984) % 60) + 60) % 60]

const TONE: Record<string, string> = {
  喜喜: '干支皆为喜用，是一段顺风顺水、宜积极进取的时期。',
  喜平: '天干为喜用，前半段或表面上较为顺利，宜把握机会。',
  平喜: '地支为喜用，根基稳固，运势后劲较足，宜稳扎稳打。',
  喜忌: '天干为喜而地支为忌，外有机会、内有牵制，宜先易后难、见好就收。',
  忌喜: '天干为忌而地支为喜，起步多阻而后渐入佳境，宜耐心经营。',
  忌忌: '干支皆为忌神，压力与阻碍较多，宜守成为主，不宜冒进。',
  忌平: '天干为忌，表面事务多有干扰，宜少说多做、谨慎决策。',
  平忌: '地支为忌，根基处易生变动，宜稳定家庭与财务、注意身体。',
  平平: '干支与命局的喜忌关系平和，运势平稳，成败多在个人努力。'
}

function relationNote(type: string): string {
  if (type.includes('冲')) return '冲主变动，易有迁移、换岗或人事变化'
  if (type.includes('刑')) return '刑主是非摩擦，宜防口舌与健康小恙'
  if (type.includes('害') || type.includes('破')) return '害破主暗中损耗，合作与人际宜多留心'
  return '合会主和合牵引，利合作、人缘与感情'
}

/**
 * What a 大运 or 流年 brings to this chart: its 十神, whether it helps the 用神, its 刑冲合会
 * with the natal pillars and the 神煞 it brings.
 */
export function luckParagraphs(chart: BaziChart, ganZhi: string, kind: '大运' | '流年'): string[] {
  const gods = ganZhiGods(chart, ganZhi)
  const lean: [Leaning, Leaning] = [leaningOf(chart, gods.ganEl), leaningOf(chart, gods.zhiEl)]
  const paragraphs = [
    `${kind}${ganZhi}：天干${ganZhi[0]}（${gods.ganEl}）为${gods.gan}，地支${ganZhi[1]}（${gods.zhiEl}）` +
      `本气为${gods.zhi}。${SHI_SHEN_LUCK[gods.gan]}`,
    `以命局用神${chart.yongShen.yong}论，${TONE[lean.join('')]}`
  ]
  const key = kind === '大运' ? 'daYun' : 'liuNian'
  const relations = luckRelations(chart, { [key]: ganZhi }).filter((r) => r.pillars.includes(key))
  if (relations.length) {
    const notes = [...new Set(relations.map((r) => relationNote(r.type)))]
    paragraphs.push(`与原局的关系：${relations.map((r) => r.text).join('；')}。${notes.join('；')}。`)
  }
  const stars = luckShenSha(chart, ganZhi).filter((s) => SHEN_SHA_MEANING[s])
  if (stars.length) paragraphs.push(`${kind}所带神煞：${stars.map((s) => SHEN_SHA_MEANING[s]).join('；')}。`)
  return paragraphs
}
