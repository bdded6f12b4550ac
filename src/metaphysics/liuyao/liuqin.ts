import { controls, generates, type WuXing } from '../bazi/ganzhi'

export type LiuQin = '兄弟' | '子孙' | '妻财' | '官鬼' | '父母'

/**
 * 六亲 of a line element seen from the palace element (《卜筮正宗》“生我者为父母，我生者为子孙，
 * 克我者为官鬼，我克者为妻财，比和者为兄弟”).
 */
export function liuQinOf(palace: WuXing, line: WuXing): LiuQin {
  if (palace === line) return '兄弟'
  if (generates(palace, line)) return '子孙'
  if (controls(palace, line)) return '妻财'
  if (controls(line, palace)) return '官鬼'
  return '父母'
}
