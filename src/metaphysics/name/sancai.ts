import type { WuXing } from '../bazi/ganzhi'
import { relationOf, type SanCaiRelation } from './wuge-elements'

export type SanCaiLuck = '大吉' | '吉' | '半吉' | '凶'
type PartLuck = '吉' | '半吉' | '凶'

export interface SanCai {
  /** 天格, 人格, 地格 elements, e.g. '木火土' */
  label: string
  elements: [WuXing, WuXing, WuXing]
  /** 成功运: how 天格 stands to 人格 */
  success: { relation: SanCaiRelation; luck: PartLuck; text: string }
  /** 基础运: how 地格 stands to 人格 */
  foundation: { relation: SanCaiRelation; luck: PartLuck; text: string }
  luck: SanCaiLuck
  text: string
}

/**
 * 三才 judged as 熊崎健翁 reads it: 人格 is the self, 天格 above it decides the 成功运 and 地格
 * below it the 基础运; being generated or matched helps, being overcome hinders. The keys are the
 * relation of the outer 格 to 人格. The texts are ours.
 */
const SUCCESS: Record<SanCaiRelation, [PartLuck, string]> = {
  生: ['吉', '天格生人格，得长辈上司扶持，成功顺遂。'],
  比和: ['吉', '天格与人格同气，上下相合，易得助力。'],
  被生: ['半吉', '人格生天格，付出多于回报，成功较迟。'],
  被克: ['半吉', '人格克天格，好强进取，与长上易生摩擦。'],
  克: ['凶', '天格克人格，上有压制，成功多受阻碍。']
}

const FOUNDATION: Record<SanCaiRelation, [PartLuck, string]> = {
  生: ['吉', '地格生人格，根基稳固，得家人部属之助。'],
  比和: ['吉', '地格与人格同气，基础安定，境遇平稳。'],
  被生: ['半吉', '人格生地格，为家庭部属操劳，基础尚可。'],
  被克: ['半吉', '人格克地格，能掌控局面，然根基易动。'],
  克: ['凶', '地格克人格，基础不稳，易受环境拖累。']
}

const POINTS: Record<PartLuck, number> = { 吉: 2, 半吉: 1, 凶: 0 }
/** total points of the two parts -> overall luck */
const OVERALL: Record<number, [SanCaiLuck, string]> = {
  4: ['大吉', '三才配置相生相扶，成功与基础俱佳。'],
  3: ['吉', '三才配置大体顺畅，略有不足而无大碍。'],
  2: ['半吉', '三才配置吉凶参半，宜扬长避短。'],
  1: ['凶', '三才配置多有克制，宜以后天努力补足。'],
  0: ['凶', '三才配置上下受克，成功与基础皆不稳。']
}

export function sanCaiOf(tian: WuXing, ren: WuXing, di: WuXing): SanCai {
  const successRelation = relationOf(tian, ren)
  const foundationRelation = relationOf(di, ren)
  const [successLuck, successText] = SUCCESS[successRelation]
  const [foundationLuck, foundationText] = FOUNDATION[foundationRelation]
  const [luck, summary] = OVERALL[POINTS[successLuck] + POINTS[foundationLuck]]
  return {
    label: tian + ren + di,
    elements: [tian, ren, di],
    success: { relation: successRelation, luck: successLuck, text: successText },
    foundation: { relation: foundationRelation, luck: foundationLuck, text: foundationText },
    luck,
    text: summary
  }
}
