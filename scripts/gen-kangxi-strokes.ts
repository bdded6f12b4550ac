/**
 * Generates src/metaphysics/name/data/kangxi-strokes.ts from Unicode's Unihan database.
 *
 *   npx tsx scripts/gen-kangxi-strokes.ts [folder with Unihan_*.txt(.bz2)]
 *
 * The folder defaults to where Debian's `unicode-data` package installs Unihan. The output is
 * deterministic: the same Unihan release regenerates the file byte for byte.
 *
 * Which characters: the 8105 characters of the 通用规范汉字表 (Unihan kTGH) plus the traditional
 * form each is counted by, so that names typed in either script are found.
 *
 * 康熙 strokes (name-science convention): count the traditional form (kTraditionalVariant), as
 * 康熙字典 files it (kRSKangXi = radical.residual): the radical's strokes in its ORIGINAL form
 * (氵 as 水 4, 扌 as 手 4, 忄 as 心 4, 艹 as 艸 6, 辶 as 辵 7, 左阝 as 阜 8, 右阝 as 邑 7, 王旁 as
 * 玉 5, 礻 as 示 5, 衤 as 衣 6, 月 as 肉 6 when the radical is 肉 ...) plus the residual strokes.
 * A character that is a radical itself (residual 0, e.g. 王 under 玉) counts as written
 * (kTotalStrokes). Numerals 一..十 count their value (一1 二2 ... 四4 五5 ... 十10), as 五格 books do.
 *
 * 五行 of a character: by its radical when the radical names an element, else by the initial of
 * its Mandarin reading (kMandarin); both tables are below.
 */
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

type WuXing = '木' | '火' | '土' | '金' | '水'
type Fields = Map<string, string>

const UNIHAN_DIR = process.argv[2] || '/usr/share/unicode'
const OUT = path.resolve(__dirname, '../src/metaphysics/name/data/kangxi-strokes.ts')

/** Strokes of the 214 康熙字典 radicals, by radical number: the dictionary's own 部首 order groups
 *  them by stroke count (1-6: 1 stroke, 7-29: 2, 30-60: 3, 61-94: 4, 95-117: 5, 118-146: 6,
 *  147-166: 7, 167-175: 8, 176-186: 9, 187-194: 10, 195-200: 11, 201-204: 12, 205-208: 13,
 *  209-210: 14, 211: 15, 212-213: 16, 214: 17). */
const RADICAL_GROUP_ENDS: Array<[lastRadical: number, strokes: number]> = [
  [6, 1],
  [29, 2],
  [60, 3],
  [94, 4],
  [117, 5],
  [146, 6],
  [166, 7],
  [175, 8],
  [186, 9],
  [194, 10],
  [200, 11],
  [204, 12],
  [208, 13],
  [210, 14],
  [211, 15],
  [213, 16],
  [214, 17]
]

/** Numerals counted by their value in 五格 (熊崎健翁's 姓名学 convention). */
const NUMERAL_STROKES: Record<string, number> = {
  一: 1,
  二: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  七: 7,
  八: 8,
  九: 9,
  十: 10
}

/** Simplified characters that Unihan also lists as their own traditional form and whose sense in
 *  names and surnames is that original character, not the merged one (余 the surname, not 餘;
 *  家 not 傢; 志 not 誌 ...). Chosen by us from the 通用规范汉字表 merges. */
const KEEPS_OWN_FORM = [
  '于干才了卜千丑斗出冬台朱曲同回向合后折志克余谷系里沈表松秋采注面咸舍制征卷致借家胡姜郁涂',
  '党芸栗御蒙辟范朴吁'
].join('')

/** Where Unihan lists several traditional forms and the first is not the one used in names. */
const PREFERRED_TRADITIONAL: Record<string, string> = { 荡: '蕩' }

/** Radicals whose meaning gives a character's element (字义五行 as naming books apply it). */
const RADICAL_ELEMENTS: Record<number, WuXing> = {
  75: '木',
  115: '木',
  118: '木',
  140: '木', // 木 禾 竹 艸
  72: '火',
  86: '火', // 日 火
  32: '土',
  46: '土',
  102: '土', // 土 山 田
  167: '金', // 金
  15: '水',
  85: '水',
  173: '水' // 冫 水 雨
}

/** Element by the initial of the Mandarin reading: the 等韵 five places of articulation paired
 *  with the elements as modern naming books do — 牙音 木, 舌音 火, 喉音 土, 齿音 金, 唇音 水. */
const INITIAL_ELEMENTS: Array<[initials: string[], element: WuXing]> = [
  [['g', 'k', 'j', 'q', 'x'], '木'],
  [['d', 't', 'n', 'l'], '火'],
  [['h', 'y', 'w', ''], '土'],
  [['zh', 'ch', 'sh', 'r', 'z', 'c', 's'], '金'],
  [['b', 'p', 'm', 'f'], '水']
]

function readUnihan(name: string): string {
  const plain = path.join(UNIHAN_DIR, `${name}.txt`)
  if (fs.existsSync(plain)) return fs.readFileSync(plain, 'utf8')
  return execFileSync('bzcat', [`${plain}.bz2`], { encoding: 'utf8', maxBuffer: 1 << 28 })
}

function loadUnihan(): { fields: Map<number, Fields>; version: string } {
  const fields = new Map<number, Fields>()
  let version = ''
  const files = [
    'Unihan_RadicalStrokeCounts',
    'Unihan_IRGSources',
    'Unihan_OtherMappings',
    'Unihan_Variants',
    'Unihan_Readings'
  ]
  for (const file of files) {
    for (const line of readUnihan(file).split('\n')) {
      const v = /^# Unicode version: (.+)$/.exec(line)
      if (v) version = v[1].trim()
      if (!line.startsWith('U+')) continue
      const [cp, key, value] = line.split('\t')
      const code = parseInt(cp.slice(2), 16)
      if (!fields.has(code)) fields.set(code, new Map())
      fields.get(code)!.set(key, value)
    }
  }
  return { fields, version }
}

const codeOf = (u: string) => parseInt(u.slice(2), 16)

function radicalStrokes(radical: number): number {
  const group = RADICAL_GROUP_ENDS.find(([last]) => radical <= last)
  if (!group) throw new Error(`radical ${radical} out of range`)
  return group[1]
}

/** [radical number, residual strokes], from 康熙字典 where it has the character, else Unicode's. */
function radicalAndResidual(f: Fields): [number, number] {
  const rs = (f.get('kRSKangXi') || f.get('kRSUnicode'))!.split(' ')[0]
  const [radical, residual] = rs.replace("'", '').split('.')
  return [parseInt(radical, 10), parseInt(residual, 10)]
}

/** Radicals written in a shortened form inside characters (氵 扌 忄 艹 辶 阝 王 礻 衤 月 犭 罒 耂),
 *  whose original form adds strokes to what is written. */
const SHORTENED_RADICALS = new Set([85, 64, 61, 140, 162, 170, 163, 96, 113, 145, 130, 94, 122, 125])

function kangxiStrokes(code: number, f: Fields): number {
  const numeral = NUMERAL_STROKES[String.fromCodePoint(code)]
  if (numeral) return numeral
  const [radical, residual] = radicalAndResidual(f)
  // kTotalStrokes lists the mainland count first and the traditional (T-source) count last.
  const written = Math.max(...f.get('kTotalStrokes')!.split(' ').map(Number))
  if (residual <= 0) return written
  const counted = radicalStrokes(radical) + residual
  // kRSKangXi names the section where 康熙字典 files the character; a few are filed one stroke
  // short of their written form (柴 紫 斌 露 ...). A full-form radical never counts below the writing.
  return SHORTENED_RADICALS.has(radical) ? counted : Math.max(counted, written)
}

function initialOf(pinyin: string): string {
  const plain = pinyin
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
  return /^(zh|ch|sh|[bpmfdtnlgkhjqxrzcsyw])?/.exec(plain)![0] ?? ''
}

function elementOf(f: Fields, reading: string): WuXing {
  const byRadical = RADICAL_ELEMENTS[radicalAndResidual(f)[0]]
  if (byRadical) return byRadical
  const initial = initialOf(reading)
  return INITIAL_ELEMENTS.find(([initials]) => initials.includes(initial))![1]
}

function traditionalOf(code: number, f: Fields): number {
  const ch = String.fromCodePoint(code)
  if (KEEPS_OWN_FORM.includes(ch)) return code
  if (PREFERRED_TRADITIONAL[ch]) return PREFERRED_TRADITIONAL[ch].codePointAt(0)!
  const variants = (f.get('kTraditionalVariant') || '').split(' ').filter(Boolean).map(codeOf)
  return variants.find((v) => v !== code) ?? code
}

function generate(): string {
  const { fields, version } = loadUnihan()
  const standard = [...fields].filter(([, f]) => f.has('kTGH')).map(([code]) => code)
  /** character -> [strokes, element]; a traditional form is read with its simplified reading */
  const entries = new Map<number, [number, WuXing]>()
  const traditionalPairs: Array<[number, number]> = []
  for (const code of standard) {
    const f = fields.get(code)!
    const trad = traditionalOf(code, f)
    const tf = fields.get(trad)!
    const reading = (f.get('kMandarin') || tf.get('kMandarin'))!.split(' ')[0]
    const value: [number, WuXing] = [kangxiStrokes(trad, tf), elementOf(tf, reading)]
    entries.set(code, value)
    if (trad !== code) {
      traditionalPairs.push([code, trad])
      if (!entries.has(trad) || !fields.get(trad)!.has('kTGH')) entries.set(trad, value)
    }
  }
  return render(entries, traditionalPairs, version, standard.length)
}

function render(
  entries: Map<number, [number, WuXing]>,
  pairs: Array<[number, number]>,
  version: string,
  standardCount: number
): string {
  const groups = new Map<string, number[]>()
  for (const [code, [strokes, element]] of entries) {
    const key = `${strokes}${element}`
    if (!groups.has(key)) groups.set(key, [])
    groups.get(key)!.push(code)
  }
  const keys = [...groups.keys()].sort((a, b) => parseInt(a, 10) - parseInt(b, 10) || a.localeCompare(b))
  const text = (codes: number[]) => String.fromCodePoint(...codes.sort((a, b) => a - b))
  const lines = keys.map((k) => `  '${k}': '${text(groups.get(k)!)}',`)
  const sortedPairs = pairs
    .sort((a, b) => a[0] - b[0])
    .map(([s, t]) => String.fromCodePoint(s, t))
    .join('')
  return [
    '// Generated by scripts/gen-kangxi-strokes.ts from Unicode Unihan ' + version + '; do not edit by hand.',
    `// ${standardCount} characters of the 通用规范汉字表 (kTGH) and the traditional forms they are counted by.`,
    '',
    '/** Characters grouped by `${康熙 strokes}${五行}`. */',
    'export const KANGXI_GROUPS: Readonly<Record<string, string>> = {',
    ...lines,
    '}',
    '',
    '/** Simplified character followed by the traditional form whose strokes it takes. */',
    `export const TRADITIONAL_PAIRS = '${sortedPairs}'`,
    ''
  ].join('\n')
}

fs.mkdirSync(path.dirname(OUT), { recursive: true })
fs.writeFileSync(OUT, generate())
console.log(`wrote ${path.relative(process.cwd(), OUT)} (${(fs.statSync(OUT).size / 1024).toFixed(1)} KB)`)
