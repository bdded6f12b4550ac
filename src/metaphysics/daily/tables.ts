import type { WuXing } from '../bazi/ganzhi'

/** Colours of the five elements (《尚书·洪范》五行 and 五色: 木青 火赤 土黄 金白 水黑). */
export const ELEMENT_COLOURS: Record<WuXing, readonly string[]> = {
  木: ['绿色', '青色'],
  火: ['红色', '紫色'],
  土: ['黄色', '咖啡色'],
  金: ['白色', '金色'],
  水: ['黑色', '蓝色']
}

/** 河图 numbers (天一生水地六成之, 地二生火天七成之, 天三生木地八成之, 地四生金天九成之, 天五生土地十成之). */
export const ELEMENT_NUMBERS: Record<WuXing, readonly [number, number]> = {
  水: [1, 6],
  火: [2, 7],
  木: [3, 8],
  金: [4, 9],
  土: [5, 10]
}

/** Directions of the elements (后天八卦: 震东木 离南火 兑西金 坎北水, 土 at 坤 西南 and 艮 东北). */
export const ELEMENT_DIRECTIONS: Record<WuXing, readonly string[]> = {
  木: ['正东', '东南'],
  火: ['正南'],
  土: ['西南', '东北'],
  金: ['正西', '西北'],
  水: ['正北']
}

/** Direction of each 后天八卦 seat and the element it belongs to. */
export const DIRECTION_ELEMENT: Record<string, WuXing> = {
  正东: '木',
  东南: '木',
  正南: '火',
  西南: '土',
  东北: '土',
  正西: '金',
  西北: '金',
  正北: '水'
}

/**
 * 财神方位 of the day by its stem, as printed in the 通书 (甲乙东北, 丙丁西南, 戊己正北, 庚辛正东,
 * 壬癸正南), index 甲..癸.
 */
export const CAI_SHEN_DIRECTION = [
  '东北',
  '东北',
  '西南',
  '西南',
  '正北',
  '正北',
  '正东',
  '正东',
  '正南',
  '正南'
] as const
