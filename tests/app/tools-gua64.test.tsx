import Taro from '@tarojs/taro'

import Gua64 from '../../src/pages/tools/gua64'
import { byText, tap } from './events'
import { renderPage } from './render'

const ROUTE = 'pages/tools/gua64'
const open = (params: Record<string, string> = {}) => renderPage(Gua64, { route: ROUTE, params, depth: 2 })

/** Taps the line at `position` (1 = bottom) until it shows `name`. */
async function setLine(container: Element, position: number, taps: number) {
  for (let i = 0; i < taps; i++) await tap(container.querySelector(`[data-position="${position}"]`))
}

describe('pages/tools/gua64', () => {
  let navigate: jest.SpyInstance
  beforeEach(() => {
    navigate = jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' } as any)
  })

  it('lists the 64 hexagrams in sequence, and a tap opens that hexagram by its number', async () => {
    const { container } = await open()
    const items = container.querySelectorAll('.hex-list__item')
    expect(items).toHaveLength(64)
    // 序卦: 乾 坤 屯 蒙 ... 既济 未济 (《周易》通行本)
    expect(items[0].querySelector('.hex-list__name')?.textContent).toBe('乾')
    expect(items[2].querySelector('.hex-list__name')?.textContent).toBe('屯')
    expect(items[63].querySelector('.hex-list__name')?.textContent).toBe('未济')
    // in the two books of 《周易》: 上经 乾 to 离 (30), 下经 咸 to 未济 (34)
    const books = Array.from(container.querySelectorAll('.hex-list__palace'))
    expect(books.map((b) => b.querySelectorAll('.hex-list__item').length)).toEqual([30, 34])
    expect(books[1].querySelector('.hex-list__name')?.textContent).toBe('咸')
    await tap(items[2])
    expect(navigate).toHaveBeenCalledWith({ url: '/pages/tools/gua64?n=3' })
  })

  it('groups the hexagrams by 八宫 from 本宫 to 归魂', async () => {
    const { container } = await open()
    await tap(byText(container, '.tool-tabs__item', '八宫'))
    const palaces = container.querySelectorAll('.hex-list__palace')
    expect(palaces).toHaveLength(8)
    // 京房八宫 乾宫: 乾 姤 遯 否 观 剥 晋 大有 (《京氏易传》)
    const qian = Array.from(palaces[0].querySelectorAll('.hex-list__name')).map((n) => n.textContent)
    expect(qian).toEqual(['乾', '姤', '遯', '否', '观', '剥', '晋', '大有'])
    expect(palaces[0].querySelectorAll('.hex-list__caption')[7].textContent).toBe('归魂')
  })

  it('shows the full text of a hexagram opened by number, with 用九', async () => {
    const { container } = await open({ n: '1' })
    const text = container.textContent!
    // 《周易·乾》: 卦辞 元亨利贞; 用九 见群龙无首，吉; 大象 天行健，君子以自强不息
    expect(container.querySelector('.hex-detail__name')?.textContent).toBe('乾为天')
    expect(container.querySelector('.hex-detail__judgment')?.textContent).toContain('元亨利贞')
    expect(text).toContain('用九：见群龙无首，吉')
    expect(text).toContain('天行健，君子以自强不息')
    expect(text).toContain('彖曰')
    expect(container.querySelectorAll('.hex-detail__line')).toHaveLength(7)
    expect(container.querySelector('.nav-bar__title')?.textContent).toBe('乾卦')
    await tap(container.querySelector('.gua64__next'))
    expect(navigate).toHaveBeenCalledWith({ url: '/pages/tools/gua64?n=2' })
  })

  it('opens a hexagram by name, and says so for an unknown one', async () => {
    const byName = await open({ name: '屯' })
    // 屯: 坎上震下, 水雷屯; 初九 磐桓，利居贞，利建侯 (《周易·屯》)
    expect(byName.container.querySelector('.hex-detail__name')?.textContent).toBe('水雷屯')
    expect(byName.container.textContent).toContain('初九：磐桓，利居贞，利建侯')
    byName.unmount()
    const wrong = await open({ n: '65' })
    expect(wrong.container.querySelector('.state--error')?.textContent).toContain('卦序必须是 1 到 64 的整数')
  })

  it('builds 屯 from six lines with a moving 初九 and shows 变卦 比, 互卦 剥, 错卦 鼎, 综卦 蒙', async () => {
    const { container } = await open({ tab: 'build' })
    // lines must be set from the bottom up: the upper ones wait
    expect(container.querySelector('[data-position="2"]')?.className).toContain('line-builder__slot--disabled')
    await setLine(container, 1, 3) // 老阳 (moving)
    await setLine(container, 2, 2) // 少阴
    await setLine(container, 3, 2)
    await setLine(container, 4, 2)
    await setLine(container, 5, 1) // 少阳
    expect(container.querySelector('.line-builder__result')).toBeNull()
    await setLine(container, 6, 2)
    const result = (label: string) =>
      container.querySelector(`.line-builder__gua--${label} .line-builder__gua-name`)?.textContent
    // 屯 ䷂ (震下坎上); 初爻 changes: 坤下坎上 = 水地比; 互 lines 2-4 坤 / 3-5 艮 = 山地剥;
    // 错 (all lines inverted) = 火风鼎; 综 (turned over) = 山水蒙 — the pairs 屯/蒙, 屯/鼎 of 《序卦》 and 来知德《周易集注》
    expect(result('本卦')).toBe('水雷屯')
    expect(result('变卦')).toBe('水地比')
    expect(result('互卦')).toBe('山地剥')
    expect(result('错卦')).toBe('火风鼎')
    expect(result('综卦')).toBe('山水蒙')
    await tap(container.querySelector('.line-builder__gua--变卦'))
    expect(navigate).toHaveBeenCalledWith({ url: '/pages/tools/gua64?n=8' })
    // 老阳 turns to 老阴 on the next tap: 初六 moving, 比 changing to 屯
    await setLine(container, 1, 1)
    expect(result('本卦')).toBe('水地比')
    expect(result('变卦')).toBe('水雷屯')
    // then 少阳: 屯 with nothing moving
    await setLine(container, 1, 1)
    expect(result('本卦')).toBe('水雷屯')
    expect(container.querySelector('.line-builder__static')?.textContent).toBe('六爻皆静，无变卦')
    await tap(container.querySelector('.line-builder__reset'))
    expect(container.querySelector('.line-builder__result')).toBeNull()
  })
})
