import { TEXTS_25_32 } from './jing-25-32'
import { TEXTS_01_08 } from './shangjing-01-08'
import { TEXTS_09_16 } from './shangjing-09-16'
import { TEXTS_17_24 } from './shangjing-17-24'
import type { HexagramText } from './types'
import { TEXTS_33_40 } from './xiajing-33-40'
import { TEXTS_41_48 } from './xiajing-41-48'
import { TEXTS_49_56 } from './xiajing-49-56'
import { TEXTS_57_64 } from './xiajing-57-64'

/** 卦辞、爻辞、彖传、象传 of the 64 hexagrams in King Wen order. */
export const HEXAGRAM_TEXTS: readonly HexagramText[] = [
  ...TEXTS_01_08,
  ...TEXTS_09_16,
  ...TEXTS_17_24,
  ...TEXTS_25_32,
  ...TEXTS_33_40,
  ...TEXTS_41_48,
  ...TEXTS_49_56,
  ...TEXTS_57_64
]
