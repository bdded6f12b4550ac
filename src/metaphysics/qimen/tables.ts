/**
 * Classical tables of 时家奇门 (《烟波钓叟歌》, 《奇门遁甲统宗》卷一).
 * Palaces are Luo Shu numbers: 1 坎 2 坤 3 震 4 巽 5 中 6 乾 7 兑 8 艮 9 离.
 */

/**
 * 节气 → 局 of its 上/中/下元 (《烟波钓叟歌》: 冬至惊蛰一七四，小寒二八五，大寒春分三九六，
 * 立春八五二，雨水九六三，清明立夏四一七，谷雨小满五二八，芒种六三九；夏至白露九三六，
 * 小暑八二五，大暑秋分七一四，立秋二五八，处暑一四七，霜降小雪五八二，寒露立冬六九三，大雪四七一).
 * 冬至 to 芒种 are 阳遁, 夏至 to 大雪 阴遁.
 */
export const JU_OF_TERM: Record<string, readonly [number, number, number]> = {
  冬至: [1, 7, 4],
  小寒: [2, 8, 5],
  大寒: [3, 9, 6],
  立春: [8, 5, 2],
  雨水: [9, 6, 3],
  惊蛰: [1, 7, 4],
  春分: [3, 9, 6],
  清明: [4, 1, 7],
  谷雨: [5, 2, 8],
  立夏: [4, 1, 7],
  小满: [5, 2, 8],
  芒种: [6, 3, 9],
  夏至: [9, 3, 6],
  小暑: [8, 2, 5],
  大暑: [7, 1, 4],
  立秋: [2, 5, 8],
  处暑: [1, 4, 7],
  白露: [9, 3, 6],
  秋分: [7, 1, 4],
  寒露: [6, 9, 3],
  霜降: [5, 8, 2],
  立冬: [6, 9, 3],
  小雪: [5, 8, 2],
  大雪: [4, 7, 1]
}
export const YANG_DUN_TERMS = [
  '冬至',
  '小寒',
  '大寒',
  '立春',
  '雨水',
  '惊蛰',
  '春分',
  '清明',
  '谷雨',
  '立夏',
  '小满',
  '芒种'
]

/** 三奇六仪 laid on the 地盘 from the 局's palace: 戊己庚辛壬癸丁丙乙 (阳顺阴逆). */
export const QI_YI = ['戊', '己', '庚', '辛', '壬', '癸', '丁', '丙', '乙'] as const

/** The 六仪 hiding each 甲 (遁甲): 甲子戊 甲戌己 甲申庚 甲午辛 甲辰壬 甲寅癸. */
export const XUN_YI: Record<string, string> = { 甲子: '戊', 甲戌: '己', 甲申: '庚', 甲午: '辛', 甲辰: '壬', 甲寅: '癸' }

/** 九星 in their home palaces (index = palace number). */
export const HOME_STAR = ['', '天蓬', '天芮', '天冲', '天辅', '天禽', '天心', '天柱', '天任', '天英'] as const
/** 八门 in their home palaces; the centre has none (中五寄坤: its door is 死门 of palace 2). */
export const HOME_DOOR = ['', '休门', '死门', '伤门', '杜门', '', '开门', '惊门', '生门', '景门'] as const

/** The eight outer palaces clockwise from 坎 (north): the ring stars, doors and gods turn on. */
export const RING = [1, 8, 3, 4, 9, 2, 7, 6] as const

/** 转盘八神 (《奇门遁甲统宗》): 阳遁 clockwise from the 值符's palace, 阴遁 counter-clockwise. */
export const EIGHT_GODS = ['值符', '螣蛇', '太阴', '六合', '白虎', '玄武', '九地', '九天'] as const

export const PALACE_INFO: ReadonlyArray<{ name: string; trigram: string; direction: string }> = [
  { name: '', trigram: '', direction: '' },
  { name: '坎一宫', trigram: '坎', direction: '北' },
  { name: '坤二宫', trigram: '坤', direction: '西南' },
  { name: '震三宫', trigram: '震', direction: '东' },
  { name: '巽四宫', trigram: '巽', direction: '东南' },
  { name: '中五宫', trigram: '', direction: '中' },
  { name: '乾六宫', trigram: '乾', direction: '西北' },
  { name: '兑七宫', trigram: '兑', direction: '西' },
  { name: '艮八宫', trigram: '艮', direction: '东北' },
  { name: '离九宫', trigram: '离', direction: '南' }
]

/** Palace of each branch (子..亥) on the 后天八卦 ring: 子坎 丑寅艮 卯震 辰巳巽 午离 未申坤 酉兑 戌亥乾. */
export const BRANCH_PALACE = [1, 8, 8, 3, 4, 4, 9, 2, 2, 7, 6, 6] as const

/** 驿马 of an hour branch (申子辰马在寅, 寅午戌马在申, 巳酉丑马在亥, 亥卯未马在巳), branches 子..亥. */
export const HORSE_OF_BRANCH = ['寅', '亥', '申', '巳', '寅', '亥', '申', '巳', '寅', '亥', '申', '巳'] as const
