/**
 * 紫微斗数 plate from the same birth input as the bazi chart, computed by iztro (安星 after 《紫微斗数全书》,
 * iztro's default school; see its documentation). We turn its object into plain data: the twelve palaces in
 * 寅 … 丑 order with their 主星 / 辅星 / 杂耀, 亮度 and 生年四化, each palace's 大限, and the 大限 / 流年 of a
 * chosen date with their 四化.
 */
import './iztro-lookup-cache'
import './lunar-year-cache'

import { astro } from 'iztro'

import { MetaphysicsError } from '../errors'
import { type BirthTimeInput, resolveBirthTime } from '../time/birth-time'
import type { ZoneOffset } from '../time/time-zone'

export interface ZiweiStar {
  name: string
  /** 庙 旺 得 利 平 不 陷, '' when the school gives none */
  brightness: string
  /** 生年四化: 禄 权 科 忌, '' when none */
  mutagen: string
}

export interface ZiweiPalace {
  name: string
  heavenlyStem: string
  earthlyBranch: string
  isBodyPalace: boolean
  majorStars: ZiweiStar[]
  minorStars: ZiweiStar[]
  adjectiveStars: string[]
  /** 大限: nominal ages covered, and its 干支 */
  decadal: { range: [number, number]; ganZhi: string }
  /** 小限 ages that fall in this palace */
  ages: number[]
}

export interface ZiweiLuck {
  /**
   * 大限 (or 童限) and 流年 of the date asked: the palace they sit in, the four stars they transform
   * (禄 权 科 忌), and the name each natal palace takes in that period (palaceNames[i] for palaces[i]).
   */
  decadal: { name: string; palace: string; ganZhi: string; mutagen: string[]; palaceNames: string[] }
  yearly: { palace: string; ganZhi: string; mutagen: string[]; palaceNames: string[] }
  nominalAge: number
}

/** The clock the plate assumed, as the bazi chart states it: the hour is read from `local`. */
export interface ZiweiBirthClock {
  local: string
  beijing: string
  trueSolarTime: boolean
  /** summer time taken off the clock, minutes (<= 0) */
  dstMinutes: number
  zone?: ZoneOffset
}

export interface ZiweiChart {
  birth: ZiweiBirthClock
  solarDate: string
  lunarDate: string
  /** 四柱 as iztro counts them (year by 立春) */
  chineseDate: string
  time: string
  zodiac: string
  /** 命主 / 身主 */
  soul: string
  body: string
  fiveElementsClass: string
  soulBranch: string
  bodyBranch: string
  palaces: ZiweiPalace[]
  luck: ZiweiLuck
}

export interface ZiweiInput extends BirthTimeInput {
  gender: 'male' | 'female'
  /** the date the 大限 / 流年 are read for, 'YYYY-MM-DD'; the birth date's 30th year when left out */
  at?: string
}

const pad = (n: number): string => String(n).padStart(2, '0')

/** iztro's hour index: 0 早子 (00:00-00:59), 1 丑 … 11 亥, 12 晚子 (23:00-23:59). */
export const ziweiTimeIndex = (hour: number): number => (hour === 23 ? 12 : Math.floor((hour + 1) / 2))

const star = (s: { name: string; brightness?: string; mutagen?: string }): ZiweiStar => ({
  name: s.name,
  brightness: s.brightness ?? '',
  mutagen: s.mutagen ?? ''
})

/** The 紫微斗数 plate of a birth. The birth time is corrected as for the bazi chart (true solar time with a longitude). */
export const ziweiChart = (input: ZiweiInput): ZiweiChart => {
  if (input?.gender !== 'male' && input?.gender !== 'female') throw new MetaphysicsError('请选择性别（男或女）')
  const resolved = resolveBirthTime(input)
  const t = resolved.localTime
  const solar = `${t.year}-${pad(t.month)}-${pad(t.day)}`
  // 紫微斗数 changes the year at 正月初一 (the lunar new year), not at 立春; pinned here because iztro's config is global
  astro.config({ yearDivide: 'normal', horoscopeDivide: 'normal' })
  const plate = astro.bySolar(solar, ziweiTimeIndex(t.hour), input.gender === 'male' ? '男' : '女', true, 'zh-CN')
  const at = input.at ?? `${t.year + 29}-${pad(t.month)}-${pad(t.day)}`
  if (!/^\d{4}-\d{2}-\d{2}$/.test(at)) throw new MetaphysicsError('流年日期格式应为 YYYY-MM-DD')
  const h = plate.horoscope(`${at} 12:00`)
  const palaceAt = (index: number): string => plate.palaces[index]?.name ?? ''
  return {
    birth: {
      local: resolved.display.local,
      beijing: resolved.display.beijing,
      trueSolarTime: resolved.trueSolarTime,
      dstMinutes: resolved.correction.dstMinutes,
      ...(resolved.zone ? { zone: resolved.zone } : {})
    },
    solarDate: plate.solarDate,
    lunarDate: plate.lunarDate,
    chineseDate: plate.chineseDate,
    time: plate.time,
    zodiac: plate.zodiac,
    soul: plate.soul,
    body: plate.body,
    fiveElementsClass: plate.fiveElementsClass,
    soulBranch: plate.earthlyBranchOfSoulPalace,
    bodyBranch: plate.earthlyBranchOfBodyPalace,
    palaces: plate.palaces.map((p) => ({
      name: p.name,
      heavenlyStem: p.heavenlyStem,
      earthlyBranch: p.earthlyBranch,
      isBodyPalace: p.isBodyPalace,
      majorStars: p.majorStars.map(star),
      minorStars: p.minorStars.map(star),
      adjectiveStars: p.adjectiveStars.map((s) => s.name),
      decadal: {
        range: [p.decadal.range[0], p.decadal.range[1]],
        ganZhi: p.decadal.heavenlyStem + p.decadal.earthlyBranch
      },
      ages: [...p.ages]
    })),
    luck: {
      decadal: {
        name: h.decadal.name,
        palace: palaceAt(h.decadal.index),
        ganZhi: h.decadal.heavenlyStem + h.decadal.earthlyBranch,
        mutagen: [...h.decadal.mutagen],
        palaceNames: [...h.decadal.palaceNames]
      },
      yearly: {
        palace: palaceAt(h.yearly.index),
        ganZhi: h.yearly.heavenlyStem + h.yearly.earthlyBranch,
        mutagen: [...h.yearly.mutagen],
        palaceNames: [...h.yearly.palaceNames]
      },
      nominalAge: h.age.nominalAge
    }
  }
}
