/**
 * The features each client may show or hide (渠道功能): the owner decides per client in the console, the server
 * answers each client's list, the app gates its pages, links and shares by it.
 *
 * Why: WeChat's review refuses mini-programs offering 算卜算运势、算命 or paid name-giving (docs/mini-program.md,
 * 审核与渠道功能). The compliant preset hides exactly those and keeps 国学 learning (courses, certificates, the
 * association, activities, the shop, articles, exams, the 黄历 calendar). Which routes make each feature: the
 * route table's `feature` (contract/routes.ts).
 */
import type { ClientKind } from './index'
import { findRoute } from './routes'

/** Every feature, in the console's order: true for fortune-telling or paid naming (the compliant preset hides it). */
export const FEATURES = {
  bazi: true,
  ai: true,
  hehun: true,
  report: true,
  qimen: true,
  divination: true,
  lingqi: true,
  fortune: true,
  luckyColor: true,
  gigabit: true,
  romance: true,
  naming: true,
  flyStar: true,
  house: true,
  gua64: false,
  book: false,
  huangli: false,
  compass: false,
  service: false
} as const

export type FeatureKey = keyof typeof FEATURES
export const FEATURE_KEYS = Object.keys(FEATURES) as FeatureKey[]

/** The console's names (kept apart, so the app's main package carries none of them). */
export const FEATURE_LABELS: Record<FeatureKey, string> = {
  bazi: '八字排盘与解读',
  ai: 'AI 八字解读',
  hehun: '八字合婚',
  report: '付费详批报告',
  qimen: '奇门遁甲排盘',
  divination: '金钱卦起卦',
  lingqi: '灵棋经占卜',
  fortune: '今日运势',
  luckyColor: '幸运色',
  gigabit: '打牌坐向（麻将方位）',
  romance: '桃花运',
  naming: '姓名分析评分',
  flyStar: '九宫飞星',
  house: '户型风水分析',
  gua64: '六十四卦经文',
  book: '古籍参考',
  huangli: '老黄历',
  compass: '指南针与罗盘',
  service: '咨询服务与规划'
}

export type FeaturePreset = 'all' | 'compliant' | 'custom'

export const PRESET_NAMES: Record<FeaturePreset, string> = {
  all: '全部功能',
  compliant: '审核/合规',
  custom: '自定义'
}

/** The features a preset hides ('custom' has no list of its own). */
export function presetHidden(preset: Exclude<FeaturePreset, 'custom'>): string[] {
  return preset === 'all' ? [] : FEATURE_KEYS.filter((key) => FEATURES[key])
}

/** Each client's preset until the owner chooses: the mini-program goes to review, the web builds do not. */
export const DEFAULT_PRESET: Record<ClientKind, Exclude<FeaturePreset, 'custom'>> = {
  wxapp: 'compliant',
  h5: 'all',
  web: 'all'
}

/**
 * The feature an address belongs to: '/pages/bazi/bazi?id=1' -> 'bazi', and so does our H5 page of it in a web
 * view ('https://host/#/pages/bazi/bazi'); other web addresses belong to none.
 */
export function featureOf(url: string): string | undefined {
  const link = url.trim()
  if (/^https?:\/\//i.test(link)) {
    const hashRoute = /#\/([^?#]+)/.exec(link)
    return hashRoute ? findRoute(hashRoute[1])?.feature : undefined
  }
  return findRoute(link)?.feature
}

/** Whether an app address leads to a feature hidden in `hidden`. */
export function isHiddenLink(url: string, hidden: readonly string[]): boolean {
  const key = featureOf(url)
  return key !== undefined && hidden.includes(key)
}
