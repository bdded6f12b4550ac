import { controls, generates, type WuXing } from '../bazi/ganzhi'

/** 数理五行 of a 格 by its last digit (熊崎健翁《姓名之神秘》): 1-2 木, 3-4 火, 5-6 土, 7-8 金, 9-0 水. */
const ELEMENT_BY_LAST_DIGIT: readonly WuXing[] = ['水', '木', '木', '火', '火', '土', '土', '金', '金', '水']

export function elementOfNumber(n: number): WuXing {
  return ELEMENT_BY_LAST_DIGIT[n % 10]
}

/** How element a stands to element b: 生 = a generates b, 被生 = b generates a, and so on. */
export type SanCaiRelation = '比和' | '生' | '被生' | '克' | '被克'

export function relationOf(a: WuXing, b: WuXing): SanCaiRelation {
  if (a === b) return '比和'
  if (generates(a, b)) return '生'
  if (generates(b, a)) return '被生'
  if (controls(a, b)) return '克'
  return '被克'
}
