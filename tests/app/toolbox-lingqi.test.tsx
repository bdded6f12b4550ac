import Lingqi, { LINGQI_FLIP_MS } from '../../src/tools/pages/lingqi/lingqi'
import { tapOn } from './events'
import { renderPage, settle } from './render'

const ROUTE = 'tools/pages/lingqi/lingqi'
// One cryptographic byte per piece (src/platform/random.ts): an odd byte lands face up.
const UP = 1
const DOWN = 0

/** Feeds the random source: one byte per piece, upper group first. */
function pieces(faces: number[]) {
  return jest.spyOn(globalThis.crypto, 'getRandomValues').mockImplementation(((array: Uint8Array) => {
    array.forEach((_, i) => (array[i] = faces[i % faces.length]))
    return array
  }) as any)
}

const group = (up: number) => [0, 1, 2, 3].map((k) => (k < up ? UP : DOWN))

describe('tools/pages/lingqi/lingqi', () => {
  afterEach(() => jest.restoreAllMocks())

  it('throws the twelve pieces and reads 三上二中一下 as the 37th, 送货', async () => {
    pieces([...group(3), ...group(2), ...group(1)])
    const { container } = await renderPage(Lingqi, { route: ROUTE, depth: 2 })
    expect(container.querySelectorAll('.lingqi-pieces__piece')).toHaveLength(12)
    await tapOn(container, '.lingqi__toss')
    expect(container.querySelector('.lingqi-pieces--flipping')).not.toBeNull()
    expect(container.querySelector('.lingqi__reading')).toBeNull()
    await settle(LINGQI_FLIP_MS + 50)
    // 四库全书总目提要: 三上二中一下 is the 37th reading; 杨亿《杨文公谈苑》 names it 送货.
    expect(container.querySelector('.lingqi__number')!.textContent).toBe('第37卦')
    expect(container.querySelector('.lingqi__name')!.textContent).toBe('送货卦')
    const counts = Array.from(container.querySelectorAll('.lingqi__group-count')).map((e) => e.textContent)
    expect(counts).toEqual(['3', '2', '1'])
    // 刘基序: 一为少阳，二为少阴，三为太阳; two yang groups of three: 阳多
    const xiang = Array.from(container.querySelectorAll('.lingqi__group-xiang')).map((e) => e.textContent)
    expect(xiang).toEqual(['太阳', '少阴', '少阳'])
    expect(container.querySelector('.lingqi__tendency')!.textContent).toBe('阳多')
    // 《灵棋经》 象曰 of the 37th (the 繇 quoted in 《南齐书·江谧传》)
    expect(container.querySelector('.lingqi__source')!.textContent).toBe('原文')
    expect(container.querySelector('.lingqi__xiang')!.textContent).toBe('丰利之象')
    expect(container.querySelector('.lingqi__text')!.textContent).toBe('客从南来，遗我良材。宝货珍玩，金碗玉杯。')
    expect(container.querySelector('.lingqi__interpretation')!.textContent).toContain('君臣之间')
    const faceUp = container.querySelectorAll('[data-group="upper"] .lingqi-pieces__piece--up')
    expect(faceUp).toHaveLength(3)
    expect(faceUp[0].textContent).toBe('上')
  })

  it('reads twelve blank pieces as 纯阴镘, outside the 124 verses', async () => {
    pieces([DOWN])
    const { container } = await renderPage(Lingqi, { route: ROUTE, depth: 2 })
    await tapOn(container, '.lingqi__toss')
    await settle(LINGQI_FLIP_MS + 50)
    // 四库提要: 十二棋皆覆为纯阴镘，混沌未明
    expect(container.querySelector('.lingqi__name')!.textContent).toBe('纯阴镘卦')
    expect(container.querySelector('.lingqi__text')!.textContent).toContain('阴镘无象')
    expect(container.querySelectorAll('.lingqi-pieces__piece--up')).toHaveLength(0)
    expect(container.querySelector('.lingqi__toss')!.textContent).toBe('再掷一次')
  })

  it('reads 一上一中一下 as 大通 (刘基注本 first reading)', async () => {
    pieces([...group(1), ...group(1), ...group(1)])
    const { container } = await renderPage(Lingqi, { route: ROUTE, depth: 2 })
    await tapOn(container, '.lingqi__toss')
    await settle(LINGQI_FLIP_MS + 50)
    expect(container.querySelector('.lingqi__number')!.textContent).toBe('第1卦')
    expect(container.querySelector('.lingqi__name')!.textContent).toBe('大通卦')
    expect(container.querySelector('.lingqi__xiang')!.textContent).toBe('升腾之象')
    expect(container.querySelector('.lingqi__text')!.textContent).toContain('从小至大')
    expect(container.querySelector('.lingqi__verse')!.textContent).toContain('变豹文成彩')
  })

  it('says so where the poem of a reading is not given, instead of leaving it out', async () => {
    pieces([...group(1), ...group(4), ...group(2)])
    const { container } = await renderPage(Lingqi, { route: ROUTE, depth: 2 })
    await tapOn(container, '.lingqi__toss')
    await settle(LINGQI_FLIP_MS + 50)
    expect(container.querySelector('.lingqi__name')!.textContent).toBe('慎德卦')
    expect([...container.querySelectorAll('.lingqi__label')].map((l) => l.textContent)).toContain('诗曰')
    expect(container.querySelector('.lingqi__verse--none')!.textContent).toBe(
      '此卦诗曰各本文字错乱不一，未能校定，暂不收录；以上象曰为原文。'
    )
  })
})
