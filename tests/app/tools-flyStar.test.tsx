import { MOUNTAINS } from '../../src/metaphysics/luopan'
import FlyStar from '../../src/pages/tools/flyStar'
import { byText, fireTaro, tap } from './events'
import { renderPage } from './render'

const ROUTE = 'pages/tools/flyStar'
const open = (params: Record<string, string> = {}) => renderPage(FlyStar, { route: ROUTE, params, depth: 2 })

/** The text of the palace cell at Luo Shu number `palace` in the grid `grid`. */
const cell = (container: Element, grid: string, palace: number) =>
  container.querySelector(`.${grid} [data-palace="${palace}"]`)

describe('pages/tools/flyStar', () => {
  beforeEach(() => {
    jest.useFakeTimers({
      now: new Date(2024, 2, 1, 12, 0),
      doNotFake: ['setTimeout', 'setImmediate', 'nextTick', 'queueMicrotask']
    })
  })
  afterEach(() => jest.useRealTimers())

  it("shows this year's and this month's stars in the Luo Shu grid, south on top", async () => {
    const { container } = await open()
    // 2024 甲辰年 (after 立春) 三碧入中; 寅月 of a 辰 year 五黄入中 (“辰戌丑未五黄中”, 《协纪辨方书》月紫白)
    expect(container.querySelector('.fly__centre')?.textContent).toContain('流年三碧入中')
    expect(cell(container, 'fly__grid--time', 5)?.textContent).toContain('三碧')
    // 三碧 in the centre flies 乾四绿 兑五黄 艮六白 离七赤 坎八白 坤九紫 震一白 巽二黑
    expect(cell(container, 'fly__grid--time', 9)?.textContent).toContain('七赤')
    expect(cell(container, 'fly__grid--time', 1)?.textContent).toContain('八白')
    // screen order: 巽 离 坤 / 震 中 兑 / 艮 坎 乾
    const order = Array.from(container.querySelectorAll('.fly__grid--time .nine-palace__cell')).map((c) =>
      c.getAttribute('data-palace')
    )
    expect(order).toEqual(['4', '9', '2', '3', '5', '7', '8', '1', '6'])
    await tap(byText(container, '.fly__scopes .tool-tabs__item', '流月'))
    expect(container.querySelector('.fly__centre')?.textContent).toContain('流月五黄入中')
  })

  it('draws 九运 子山午向 下卦 as 双星到坐 with the stars of each palace', async () => {
    const { container } = await open()
    // 2024 is in 九运 (2024-2043); 九运子山午向: 坐宫 坎 山9向9 运5, 向宫 离 山1向8 运4 — 双星会坐
    // (沈竹礽《沈氏玄空学》 飞星法; the 九运二十四山下卦图 of any 玄空 chart book)
    expect(container.querySelector('.fly__period')?.textContent).toContain('九运')
    expect(container.querySelector('.fly__pattern-name')?.textContent).toBe('双星到坐')
    const stars = (palace: number) => {
      const c = cell(container, 'fly__grid--house', palace)
      return [
        c?.querySelector('.fly__shan')?.textContent,
        c?.querySelector('.fly__xiang')?.textContent,
        c?.querySelector('.fly__yun')?.textContent
      ]
    }
    expect(stars(1)).toEqual(['9', '9', '5'])
    expect(stars(9)).toEqual(['1', '8', '4'])
    expect(cell(container, 'fly__grid--house', 1)?.className).toContain('nine-palace__cell--highlight')
    expect(container.querySelectorAll('.fly__reading')).toHaveLength(9)
  })

  it('changes the sitting, the period from a build year, and the method', async () => {
    const { container } = await open()
    await fireTaro(
      container.querySelector('.fly__form taro-picker-core'),
      'change',
      MOUNTAINS.findIndex((m) => m.name === '午')
    )
    // 九运午山子向 mirrors 子山午向: 双星到向
    expect(container.querySelector('.fly__sitting')?.textContent).toContain('午山子向')
    expect(container.querySelector('.fly__pattern-name')?.textContent).toBe('双星到向')
    await fireTaro(container.querySelector('.fly__year-input'), 'input', '2015')
    await tap(container.querySelector('.fly__year-apply'))
    // 八运 2004-2023 (三元九运, 上元一运 from 1864)
    expect(container.querySelector('.fly__year-note')?.textContent).toBe('2015年属下元八运（2004–2023）')
    expect(container.querySelector('.fly__period')?.textContent).toContain('八运')
    await fireTaro(container.querySelector('.fly__year-input'), 'input', '1800')
    await tap(container.querySelector('.fly__year-apply'))
    expect(container.querySelector('.fly__year-error')?.textContent).toBe('建造年份：年份须是1900至2100年之间的整数')
    await tap(byText(container, '.fly__method', '替卦'))
    expect(container.querySelector('.fly__pattern')?.textContent).toContain('替卦')
  })

  it('opens a shared chart from the link', async () => {
    const { container } = await open({ sitting: '午', period: '9', method: 'tigua' })
    expect(container.querySelector('.fly__sitting')?.textContent).toContain('午山子向')
    expect(container.querySelector('.fly__pattern')?.textContent).toContain('9运 · 替卦')
  })
})
