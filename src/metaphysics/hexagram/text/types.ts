/**
 * The canonical text of one hexagram, without line labels (初九, 六二 ... are derived from the lines).
 * Punctuation follows modern editions of the 通行本.
 */
export interface HexagramText {
  /** 卦辞 */
  judgment: string
  /** 爻辞, bottom to top */
  lines: readonly [string, string, string, string, string, string]
  /** 用九 (乾) / 用六 (坤) */
  extra?: string
  /** 《彖传》 */
  tuan: string
  /** 《象传》大象 */
  daXiang: string
  /** 《象传》小象, bottom to top */
  xiaoXiang: readonly [string, string, string, string, string, string]
  /** 小象 of 用九 / 用六 */
  extraXiang?: string
}
