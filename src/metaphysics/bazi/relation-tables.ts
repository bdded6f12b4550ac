/**
 * 刑冲合会 tables. Sources: 《三命通会》卷二「论天干合」「论支元六合」「论地支三合」「论三刑」
 * 「论六害」「论冲击」, and 《渊海子平》「论地支六破」. Each entry: the characters and, for
 * combinations, the element they transform into.
 */
export type RelationType =
  | '天干五合'
  | '天干相冲'
  | '地支六合'
  | '地支三合'
  | '地支三会'
  | '地支半合'
  | '地支六冲'
  | '地支三刑'
  | '地支相刑'
  | '地支自刑'
  | '地支六害'
  | '地支相破'

export interface RelationRule {
  type: RelationType
  chars: string
  /** element of the combination, or the name of the punishment */
  result?: string
}

const rules = (type: RelationType, list: ReadonlyArray<readonly [string, string?]>): RelationRule[] =>
  list.map(([chars, result]) => ({ type, chars, ...(result ? { result } : {}) }))

/** 甲己合土 乙庚合金 丙辛合水 丁壬合木 戊癸合火 */
export const GAN_HE = rules('天干五合', [
  ['甲己', '土'],
  ['乙庚', '金'],
  ['丙辛', '水'],
  ['丁壬', '木'],
  ['戊癸', '火']
])
/** 甲庚 乙辛 丙壬 丁癸 相冲 (戊己居中无冲) */
export const GAN_CHONG = rules('天干相冲', [['甲庚'], ['乙辛'], ['丙壬'], ['丁癸']])
/** 子丑合土 寅亥合木 卯戌合火 辰酉合金 巳申合水 午未合土 */
export const ZHI_LIU_HE = rules('地支六合', [
  ['子丑', '土'],
  ['寅亥', '木'],
  ['卯戌', '火'],
  ['辰酉', '金'],
  ['巳申', '水'],
  ['午未', '土']
])
/** 申子辰水局 亥卯未木局 寅午戌火局 巳酉丑金局 */
export const ZHI_SAN_HE = rules('地支三合', [
  ['申子辰', '水'],
  ['亥卯未', '木'],
  ['寅午戌', '火'],
  ['巳酉丑', '金']
])
/** 寅卯辰东方木 巳午未南方火 申酉戌西方金 亥子丑北方水 */
export const ZHI_SAN_HUI = rules('地支三会', [
  ['寅卯辰', '木'],
  ['巳午未', '火'],
  ['申酉戌', '金'],
  ['亥子丑', '水']
])
/** 半合: two branches of a 三合 that include its 帝旺 (子午卯酉): 生旺 or 旺墓 */
export const ZHI_BAN_HE = rules('地支半合', [
  ['申子', '水'],
  ['子辰', '水'],
  ['亥卯', '木'],
  ['卯未', '木'],
  ['寅午', '火'],
  ['午戌', '火'],
  ['巳酉', '金'],
  ['酉丑', '金']
])
/** 子午 丑未 寅申 卯酉 辰戌 巳亥 */
export const ZHI_CHONG = rules('地支六冲', [['子午'], ['丑未'], ['寅申'], ['卯酉'], ['辰戌'], ['巳亥']])
/** 寅巳申 无恩之刑, 丑戌未 恃势之刑 (all three) */
export const ZHI_SAN_XING = rules('地支三刑', [
  ['寅巳申', '无恩之刑'],
  ['丑戌未', '恃势之刑']
])
/** pairs: two of a 三刑, and 子卯 无礼之刑 */
export const ZHI_XIANG_XING = rules('地支相刑', [
  ['寅巳', '无恩之刑'],
  ['巳申', '无恩之刑'],
  ['寅申', '无恩之刑'],
  ['丑戌', '恃势之刑'],
  ['戌未', '恃势之刑'],
  ['丑未', '恃势之刑'],
  ['子卯', '无礼之刑']
])
/** 辰午酉亥 自刑 (the same branch twice) */
export const ZHI_ZI_XING = rules('地支自刑', [['辰辰'], ['午午'], ['酉酉'], ['亥亥']])
/** 子未 丑午 寅巳 卯辰 申亥 酉戌 相害 */
export const ZHI_HAI = rules('地支六害', [['子未'], ['丑午'], ['寅巳'], ['卯辰'], ['申亥'], ['酉戌']])
/** 子酉 卯午 辰丑 未戌 寅亥 巳申 相破 */
export const ZHI_PO = rules('地支相破', [['子酉'], ['卯午'], ['辰丑'], ['未戌'], ['寅亥'], ['巳申']])

export const GAN_PAIR_RULES = [...GAN_HE, ...GAN_CHONG]
export const ZHI_PAIR_RULES = [
  ...ZHI_LIU_HE,
  ...ZHI_BAN_HE,
  ...ZHI_CHONG,
  ...ZHI_XIANG_XING,
  ...ZHI_ZI_XING,
  ...ZHI_HAI,
  ...ZHI_PO
]
export const ZHI_TRIPLE_RULES = [...ZHI_SAN_HE, ...ZHI_SAN_HUI, ...ZHI_SAN_XING]
