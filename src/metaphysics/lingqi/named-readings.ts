/**
 * Readings whose 卦名 we can attribute, keyed by face-up counts 上/中/下. The 象曰 texts are given
 * as faithful summaries in our own words, not as the classical wording.
 *  - 1..8: names and 象 of the 刘基-annotated edition (《四库全书》子部·术数类 《灵棋经》).
 *  - 三上二中一下 and 四中三下: 杨亿《杨文公谈苑》 as quoted in the preface of 《灵棋本章正经》
 *    (《正统道藏》太玄部); the former is also the reading of 《南齐书·江谧传》 and, per the 四库提要,
 *    the 37th of the book, which fixes the order of the first 64 readings.
 *  - 纯阴镘: the 四库提要 — twelve pieces all blank, 混沌未明, outside the book's 124 繇辞.
 */
export interface NamedReading {
  counts: [upper: number, middle: number, lower: number]
  name: string
  summary: string
}

export const NAMED_READINGS: readonly NamedReading[] = [
  { counts: [1, 1, 1], name: '大通', summary: '由小而大，自下而上，步步升进以至富足；利于出行远图，不宜隐伏退藏。' },
  { counts: [1, 1, 2], name: '渐泰', summary: '安居置业，家中有可托之人；富贵已得而官禄尚待时机。' },
  { counts: [1, 1, 3], name: '吉庆', summary: '家道显赫，财帛充盈；诸事齐备，不必强求自有所得。' },
  { counts: [1, 1, 4], name: '富盛', summary: '富贵已极，须知天道盈亏；随时进退、与时消长，则子孙绵延昌盛。' },
  { counts: [1, 2, 1], name: '乐道', summary: '外刚内柔，和合周全；宜修身养性，安乐自在。' },
  { counts: [1, 2, 2], name: '惊怖', summary: '如白日鸡鸣登屋、雌鸡在下受狸惊扰，及时呼应而免于损伤；主虚惊小危，警觉可避。' },
  { counts: [1, 2, 3], name: '年丰', summary: '岁首春来，冰冻消解，宜耕宜桑；年终丰收，合家欢乐。' },
  { counts: [1, 2, 4], name: '小戒', summary: '祸患起于身边卑幼，宜谨慎约束仆从晚辈。' },
  { counts: [3, 2, 1], name: '送货', summary: '远客自南而来，馈赠良材珍宝、金碗玉杯，主得财物馈赠；史载江谧占得此卦而终受鸩酒于金罂，亦示福中伏祸。' },
  { counts: [0, 0, 0], name: '纯阴镘', summary: '十二棋皆覆，不在一百二十四繇之列。' },
  { counts: [0, 4, 3], name: '避世', summary: '小人得志、君子失道之时，宜离开居所，退隐山野以避其祸。' }
]
