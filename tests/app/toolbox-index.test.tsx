import Taro from '@tarojs/taro'
import { fireEvent } from '@testing-library/react'

import { ROUTES } from '../../contract/routes'
import Toolbox from '../../src/tools/pages/index'
import { liveToolGroups, TOOL_GROUPS } from '../../src/tools/toolbox'
import { renderPage } from './render'

const ROUTE = 'tools/pages/index/index'

describe('tools/pages/index/index', () => {
  it('lists every tool route of the spec', () => {
    const listed = TOOL_GROUPS.flatMap((g) => g.tools.map((t) => t.path)).sort()
    // docs/spec.md §2: the pages/tools package and the tools package's tool pages (house steps open from house/house)
    const spec = [
      'pages/tools/compass',
      'pages/tools/huangli',
      'pages/tools/gua64',
      'pages/tools/flyStar',
      'pages/tools/xingming',
      'tools/pages/lingqi/lingqi',
      'tools/pages/luopan/luopan',
      'tools/pages/divination/divination',
      'tools/pages/lijichi/lijichi',
      'tools/pages/house/house',
      'tools/pages/daily/fortune',
      'tools/pages/daily/luckyColor',
      'tools/pages/daily/gigabit',
      'tools/pages/daily/romanticLuck'
    ].sort()
    expect(listed).toEqual(spec)
    for (const path of listed) expect(ROUTES.some((r) => r.path === path)).toBe(true)
  })

  it('shows only the live tools, with their route titles', async () => {
    const { container } = await renderPage(Toolbox, { route: ROUTE, depth: 2 })
    const shown = Array.from(container.querySelectorAll('.toolbox__item')).map((el) => el.getAttribute('data-path'))
    const live = ROUTES.filter((r) => r.live).map((r) => r.path)
    expect(shown.length).toBeGreaterThanOrEqual(8)
    for (const path of shown) expect(live).toContain(path)
    const notLive = TOOL_GROUPS.flatMap((g) => g.tools).filter((t) => !live.includes(t.path))
    for (const tool of notLive) expect(shown).not.toContain(tool.path)
    expect(container.textContent).toContain('金钱卦')
    expect(container.textContent).toContain('灵棋经')
    expect(container.querySelector('.nav-bar__title')?.textContent).toBe('工具箱')
  })

  it('drops a group whose tools are all unbuilt', () => {
    const groups = liveToolGroups(
      [],
      [{ title: '未建', tools: [{ path: 'tools/pages/no-such-tool/page', glyph: '宅', desc: '' }] }]
    )
    expect(groups).toEqual([])
  })

  it('opens a tool with navigateTo', async () => {
    const navigate = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'ok' } as any)
    const { container } = await renderPage(Toolbox, { route: ROUTE, depth: 2 })
    fireEvent.click(container.querySelector('[data-path="tools/pages/luopan/luopan"]')!)
    expect(navigate).toHaveBeenCalledWith({ url: '/tools/pages/luopan/luopan' })
  })
})
