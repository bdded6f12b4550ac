import type { HouseEditRequest } from '@contract'

import { periodOfYear } from '@/metaphysics/xuankong/periods'

/** The info step's fields as typed (strings) before they are checked. */
export interface InfoForm {
  facing: string
  periodBy: 'year' | 'period'
  buildYear: string
  period: string
  method: 'xiagua' | 'tigua'
  ownerBirthYear: string
  ownerGender: 'male' | 'female' | ''
}

const intIn = (s: string, min: number, max: number): number | undefined => {
  const t = s.trim()
  if (!/^\d+$/.test(t)) return undefined
  const n = Number(t)
  return n >= min && n <= max ? n : undefined
}

/** Checks the form; an error names the field to fix. */
export function checkInfoForm(f: InfoForm): { error: string } | { value: Omit<HouseEditRequest, 'id'> } {
  const facing = f.facing.trim() === '' ? NaN : Number(f.facing.trim())
  if (!Number.isFinite(facing) || facing < 0 || facing >= 360) return { error: '朝向度数须是 0 到 359.9 之间的数字' }
  let period: number | undefined
  let buildYear: number | undefined
  if (f.periodBy === 'year') {
    buildYear = intIn(f.buildYear, 1900, 2100)
    if (buildYear === undefined) return { error: '建成年份须是 1900 到 2100 之间的年份' }
    period = periodOfYear(buildYear).period
  } else {
    period = intIn(f.period, 1, 9)
    if (period === undefined) return { error: '元运须是 1 到 9 之间的整数' }
  }
  const ownerBirthYear = intIn(f.ownerBirthYear, 1900, 2100)
  if (ownerBirthYear === undefined) return { error: '宅主出生年份须是 1900 到 2100 之间的年份' }
  if (!f.ownerGender) return { error: '请选择宅主性别' }
  return {
    value: {
      facing_degrees: Math.round(facing * 10) / 10,
      period,
      ...(buildYear !== undefined ? { build_year: buildYear } : {}),
      method: f.method,
      owner_birth_year: ownerBirthYear,
      owner_gender: f.ownerGender
    }
  }
}
