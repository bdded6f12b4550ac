import type { YouNianStar } from '@/metaphysics/luopan/bazhai'

/**
 * Short readings of the 游年八星 for a room or door in that sector, after 《八宅明镜》
 * (生气 贪狼 主生发、延年 武曲 主寿与和合、天医 巨门 主健康 … 绝命 破军 主损伤), in the shared wording
 * of modern 八宅 practice.
 */
export const YOU_NIAN_READINGS: Record<YouNianStar, string> = {
  生气: '贪狼木星，主生机、进取与财运，宜作大门、主卧或书房',
  延年: '武曲金星，主长寿、婚姻和合与人缘，宜作卧室、客厅',
  天医: '巨门土星，主健康、贵人相助，宜作卧室或厨房灶口所向',
  伏位: '辅弼木星，主平稳安定，宜作床位、神位或静修之处',
  绝命: '破军金星，主损伤、破财，宜作卫生间、储物间压制',
  五鬼: '廉贞火星，主是非、火灾与小人，宜作厨房（以灶压之）或卫生间',
  六煞: '文曲水星，主桃花纠纷、口舌，宜作储物间或卫生间',
  祸害: '禄存土星，主口舌官非、小病，宜作杂物间或卫生间'
}
