import { isHiddenLink } from '@contract/features'
import { findRoute } from '@contract/routes'

/** One entry of the toolbox grid: a tool route, its glyph and a one-line description. */
export interface ToolEntry {
  path: string
  glyph: string
  desc: string
}

export interface ToolGroup {
  title: string
  tools: ToolEntry[]
}

/** Every tool of the product spec, grouped as practitioners use them. */
export const TOOL_GROUPS: readonly ToolGroup[] = [
  {
    title: '占卜起卦',
    tools: [
      { path: 'tools/pages/divination/divination', glyph: '卦', desc: '六爻金钱卦' },
      { path: 'tools/pages/lingqi/lingqi', glyph: '棋', desc: '十二棋卜' },
      { path: 'pages/tools/gua64', glyph: '易', desc: '卦爻辞全文' }
    ]
  },
  {
    title: '风水堪舆',
    tools: [
      { path: 'tools/pages/luopan/luopan', glyph: '盘', desc: '二十四山分金' },
      { path: 'pages/tools/compass', glyph: '针', desc: '方位指南' },
      { path: 'pages/tools/flyStar', glyph: '星', desc: '玄空飞星' },
      { path: 'tools/pages/lijichi/lijichi', glyph: '尺', desc: '户型立极' },
      { path: 'tools/pages/house/house', glyph: '宅', desc: '户型分析' }
    ]
  },
  {
    title: '择日起名',
    tools: [
      { path: 'pages/tools/huangli', glyph: '历', desc: '宜忌吉时' },
      { path: 'pages/tools/xingming', glyph: '名', desc: '五格数理' }
    ]
  },
  {
    title: '每日运程',
    tools: [
      { path: 'tools/pages/daily/fortune', glyph: '运', desc: '今日吉凶' },
      { path: 'tools/pages/daily/luckyColor', glyph: '色', desc: '今日宜穿' },
      { path: 'tools/pages/daily/gigabit', glyph: '座', desc: '打牌坐向' },
      { path: 'tools/pages/daily/romanticLuck', glyph: '缘', desc: '今日桃花' }
    ]
  }
]

/** The groups with only the tools whose pages are live and not hidden (渠道功能), and each route's title. */
export function liveToolGroups(hidden: readonly string[] = [], groups: readonly ToolGroup[] = TOOL_GROUPS) {
  return groups
    .map((group) => ({
      title: group.title,
      tools: group.tools.flatMap((tool) => {
        const route = findRoute(tool.path)
        return route?.live && !isHiddenLink(tool.path, hidden) ? [{ ...tool, title: route.title }] : []
      })
    }))
    .filter((group) => group.tools.length > 0)
}
