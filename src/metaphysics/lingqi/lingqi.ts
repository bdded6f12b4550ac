import { MetaphysicsError } from '../errors'
import {
  GROUP_ROLES,
  type LingqiGroup,
  type LingqiPairRelation,
  type LingqiTendency,
  type LingqiXiang,
  PAIR_TEXT,
  pairRelation,
  tendencyOf,
  XIANG_BY_COUNT
} from './liu-ji-rules'
import { NAMED_READINGS } from './named-readings'

/** Face-up pieces (0..4) in each group of four. */
export interface LingqiThrow {
  upper: number
  middle: number
  lower: number
}

export interface LingqiReading {
  /** 1..125 */
  number: number
  throw: LingqiThrow
  /** the heading the book files the reading under, e.g. '三上二中一下'; '纯阴' when all are blank */
  heading: string
  /** 卦名 with 卦, e.g. '大通卦' */
  name: string
  /** the book's 象 line, e.g. '升腾之象' */
  xiang: string
  groups: Record<LingqiGroup, { count: number; xiang: LingqiXiang }>
  /** 君臣 (上 and 中) and 臣民 (中 and 下) */
  relations: { junChen: LingqiPairRelation; chenMin: LingqiPairRelation }
  tendency: LingqiTendency
  /** the book's 象曰 */
  text: string
  /** 诗曰, where its wording is established */
  verse: string | null
  /** our structural reading after 刘基's rules, for every throw */
  interpretation: string
}

const GROUPS: readonly LingqiGroup[] = ['upper', 'middle', 'lower']
const NUMERALS = ['', '一', '二', '三', '四']
const COUNTS = [1, 2, 3, 4]

/**
 * The order of the 125 readings, as the received text and the 四库全书本 both have it. 1..64 (all
 * three groups showing): upper, then middle, then lower counting 1..4, so 三上二中一下 is the 37th as
 * the 四库提要 says. Then 上中 pairs (65..80), 中下 pairs, 上下 pairs, 上 alone, 中 alone, 下 alone
 * (121..124), and 纯阴镘 (all twelve blank, outside the 124) as the 125th.
 */
function readingOrder(): LingqiThrow[] {
  const order: LingqiThrow[] = []
  for (const upper of COUNTS)
    for (const middle of COUNTS) for (const lower of COUNTS) order.push({ upper, middle, lower })
  for (const [a, b] of [
    ['upper', 'middle'],
    ['middle', 'lower'],
    ['upper', 'lower']
  ] as const)
    for (const x of COUNTS) for (const y of COUNTS) order.push({ upper: 0, middle: 0, lower: 0, [a]: x, [b]: y })
  for (const g of GROUPS) for (const x of COUNTS) order.push({ upper: 0, middle: 0, lower: 0, [g]: x })
  order.push({ upper: 0, middle: 0, lower: 0 })
  return order
}

const keyOf = (t: LingqiThrow) => `${t.upper}${t.middle}${t.lower}`

function headingOf(t: LingqiThrow): string {
  const parts = GROUPS.filter((g) => t[g] > 0).map((g) => NUMERALS[t[g]] + GROUP_ROLES[g].label)
  return parts.length ? parts.join('') : '纯阴'
}

function structuralText(
  t: LingqiThrow,
  junChen: LingqiPairRelation,
  chenMin: LingqiPairRelation,
  tendency: LingqiTendency
): string {
  if (!t.upper && !t.middle && !t.lower) return '十二棋皆覆，混沌未明，吉凶未形，宜静待时机，不可妄动。'
  const groups = GROUPS.map((g) => `${GROUP_ROLES[g].label}（${GROUP_ROLES[g].role}）${XIANG_BY_COUNT[t[g]]}`).join(
    '，'
  )
  const outlook = {
    吉: '阳多者道同而助，所谋易成。',
    平: '阴阳相当，吉凶参半，宜审时度势。',
    凶: '阴盛者志异而乖，宜守不宜进。'
  }[tendency]
  return `${groups}。君臣之间，${PAIR_TEXT[junChen]}；臣民之间，${PAIR_TEXT[chenMin]}。${outlook}`
}

const NAMED_BY_KEY = new Map(NAMED_READINGS.map((r) => [r.counts.join(''), r]))

function buildReading(t: LingqiThrow, number: number): LingqiReading {
  const named = NAMED_BY_KEY.get(keyOf(t))
  if (!named) throw new Error(`灵棋经 ${keyOf(t)} is missing from the readings table`)
  const junChen = pairRelation(t.upper, t.middle)
  const chenMin = pairRelation(t.middle, t.lower)
  const tendency = tendencyOf([t.upper, t.middle, t.lower])
  const heading = headingOf(t)
  const interpretation = structuralText(t, junChen, chenMin, tendency)
  return {
    number,
    throw: { ...t },
    heading,
    name: `${named.name}卦`,
    xiang: named.xiang,
    groups: {
      upper: { count: t.upper, xiang: XIANG_BY_COUNT[t.upper] },
      middle: { count: t.middle, xiang: XIANG_BY_COUNT[t.middle] },
      lower: { count: t.lower, xiang: XIANG_BY_COUNT[t.lower] }
    },
    relations: { junChen, chenMin },
    tendency,
    text: named.text,
    verse: named.verse ?? null,
    interpretation
  }
}

let readings: LingqiReading[] | undefined
let byKey: Map<string, LingqiReading> | undefined

/** All 125 readings in order. */
export function lingqiReadings(): readonly LingqiReading[] {
  if (!readings) {
    readings = readingOrder().map((t, i) => buildReading(t, i + 1))
    byKey = new Map(readings.map((r) => [keyOf(r.throw), r]))
  }
  return readings
}

function checkCount(value: unknown, label: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 4)
    throw new MetaphysicsError(`${label}组朝上的棋子数须为 0 到 4 的整数`)
  return value
}

/** The reading for a throw given as face-up counts per group. */
export function lingqi(throws: LingqiThrow): LingqiReading {
  if (!throws || typeof throws !== 'object') throw new MetaphysicsError('请提供上、中、下三组朝上的棋子数')
  const t = {
    upper: checkCount(throws.upper, '上'),
    middle: checkCount(throws.middle, '中'),
    lower: checkCount(throws.lower, '下')
  }
  lingqiReadings()
  return byKey!.get(keyOf(t))!
}

/** The reading by its number 1..125. */
export function lingqiByNumber(number: number): LingqiReading {
  if (!Number.isInteger(number) || number < 1 || number > 125)
    throw new MetaphysicsError('灵棋经卦序须为 1 到 125 的整数')
  return lingqiReadings()[number - 1]
}

/** A cryptographic source where the runtime has one (browsers, Node); the mini-program runtime has none. */
function defaultRandom(): number {
  const crypto = (globalThis as { crypto?: { getRandomValues?: (a: Uint32Array) => Uint32Array } }).crypto
  if (!crypto?.getRandomValues) return Math.random()
  return crypto.getRandomValues(new Uint32Array(1))[0] / 2 ** 32
}

/** Throws the twelve pieces: each lands face up with even odds. */
export function throwLingqi(random: () => number = defaultRandom): LingqiReading {
  const faceUp = () => [0, 1, 2, 3].filter(() => random() < 0.5).length
  return lingqi({ upper: faceUp(), middle: faceUp(), lower: faceUp() })
}
