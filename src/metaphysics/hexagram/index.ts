export type { CastLine, CastValue, HexagramReading } from './derive'
export { hexagram } from './derive'
export type { Hexagram, HexagramLineText } from './hexagram'
export {
  hexagramByName,
  hexagramByNumber,
  hexagramOfLines,
  HEXAGRAMS,
  hexagramsByPalace,
  trigramOfLines
} from './hexagram'
export type { PalaceStage } from './palaces'
export type { HexagramText } from './text/types'
export type { Trigram, TrigramName } from './trigrams'
export { trigramByName, trigramOfLuoShu, TRIGRAMS } from './trigrams'
