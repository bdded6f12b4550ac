import { fireEvent } from '@testing-library/react'

import { continuousAngle } from '../../src/tools/components/dial-angle'
import Luopan from '../../src/tools/pages/luopan/luopan'
import { tapOn, typeInto } from './events'
import { renderPage, settle } from './render'

const mockWatch = { emit: (_d: number) => undefined as void, status: 'ok' as 'ok' | 'unsupported' }
jest.mock('../../src/platform/compass', () => ({
  watchCompass: jest.fn(async (onHeading: (d: number) => void) => {
    mockWatch.emit = onHeading
    return { status: mockWatch.status, stop: jest.fn() }
  })
}))

const ROUTE = 'tools/pages/luopan/luopan'
const pair = (c: Element) => c.querySelector('.luopan__pair')!.textContent

async function typeDegree(container: Element, value: string) {
  await typeInto(container, '.luopan__input', value)
  await tapOn(container, '.luopan__apply')
}

// The 24 mountains (正针): 子 352.5°-7.5°, 艮 37.5°-52.5°, 卯 82.5°-97.5°, 午 172.5°-187.5°,
// 坤 217.5°-232.5°, each 15°, as on any standard luopan (e.g. 王其亨《风水理论研究》 二十四山图).
describe('tools/pages/luopan/luopan', () => {
  beforeEach(() => {
    mockWatch.status = 'ok'
  })

  it('reads a typed degree as 坐/向 with mountain and 分金', async () => {
    const { container } = await renderPage(Luopan, { route: ROUTE, depth: 2 })
    expect(pair(container)).toBe('坐午向子')
    await typeDegree(container, '45')
    expect(pair(container)).toBe('坐坤向艮')
    expect(container.querySelector('.luopan__degree')!.textContent).toBe('45.0°')
    expect(container.textContent).toContain('艮山 · 艮卦东北')
    expect(container.textContent).toContain('坤山 · 坤卦西南')
    expect(container.textContent).toMatch(/分金：(\S+（(旺相|孤|虚|龟甲空亡)）|空位)/)
    const plate = container.querySelector('.luopan-dial__plate') as HTMLElement
    expect(plate.getAttribute('style')).toContain('rotate(-45deg)')
  })

  it('names the field when the degree is not 0..360', async () => {
    const { container } = await renderPage(Luopan, { route: ROUTE, depth: 2 })
    await typeDegree(container, '400')
    expect(container.querySelector('.tool-error')!.textContent).toContain('度数')
    expect(pair(container)).toBe('坐午向子')
  })

  it('nudges the reading by tenths and whole degrees', async () => {
    const { container } = await renderPage(Luopan, { route: ROUTE, depth: 2 })
    await typeDegree(container, '172.4')
    expect(pair(container)).toBe('坐壬向丙')
    fireEvent.click(container.querySelectorAll('.luopan__step')[2]) // +0.1°
    await settle()
    fireEvent.click(container.querySelectorAll('.luopan__step')[2])
    await settle()
    expect(container.querySelector('.luopan__degree')!.textContent).toBe('172.6°')
    expect(pair(container)).toBe('坐子向午')
  })

  it('follows the live heading, and a lock holds the reading', async () => {
    const { container } = await renderPage(Luopan, { route: ROUTE, depth: 2 })
    fireEvent.click(container.querySelector('.luopan__start')!)
    await settle()
    mockWatch.emit(90)
    await settle()
    expect(pair(container)).toBe('坐酉向卯')
    fireEvent.click(container.querySelector('.luopan__lock')!)
    await settle()
    mockWatch.emit(180)
    await settle()
    expect(pair(container)).toBe('坐酉向卯')
    expect(container.textContent).toContain('读数已锁定')
    fireEvent.click(container.querySelector('.luopan__lock')!)
    await settle()
    mockWatch.emit(180)
    await settle()
    expect(pair(container)).toBe('坐子向午')
  })

  it('says so when the device has no compass and lets the user drag', async () => {
    mockWatch.status = 'unsupported'
    const { container } = await renderPage(Luopan, { route: ROUTE, depth: 2 })
    fireEvent.click(container.querySelector('.luopan__start')!)
    await settle()
    expect(container.querySelector('.luopan__notice')!.textContent).toContain('当前设备不支持指南针')
    const dial = container.querySelector('.luopan-dial')!
    fireEvent.touchStart(dial, { touches: [{ clientX: 200, clientY: 100 }] })
    fireEvent.touchMove(dial, { touches: [{ clientX: 140, clientY: 100 }] })
    await settle()
    // 60px to the left turns the plate anticlockwise: the heading read at the top grows by 30°
    expect(container.querySelector('.luopan__degree')!.textContent).toBe('30.0°')
  })

  it('turns the plate the short way across north', () => {
    expect(continuousAngle(359, 1)).toBe(361)
    expect(continuousAngle(361, 350)).toBe(350)
    expect(continuousAngle(0, 179)).toBe(179)
    expect(continuousAngle(0, 181)).toBe(-179)
  })
})

describe('the luopan plate', () => {
  const { luopanPlateSvg, luopanPlateImage } = require('../../src/tools/components/luopan-dial-svg')
  const svg: string = luopanPlateSvg()
  const texts = Array.from(svg.matchAll(/<text[^>]*>([^<]+)<\/text>/g), (m) => m[1])

  it('carries the 24 mountains, the eight trigrams and the 120 分金 stems and branches', () => {
    const mountains = '壬子癸丑艮寅甲卯乙辰巽巳丙午丁未坤申庚酉辛戌乾亥'.split('')
    for (const m of mountains) expect(texts).toContain(m)
    // the 八卦 ring names all eight; 乾坤艮巽 are mountains as well
    for (const t of '兑离震坎'.split('')) expect(texts.filter((x) => x === t)).toHaveLength(1)
    for (const t of '乾坤艮巽'.split('')) expect(texts.filter((x) => x === t)).toHaveLength(2)
    // 120 分金 cells, each a 干支 (two characters, stacked): the sixty 干支 twice round
    const singleStems = texts.filter((x) => '甲乙丙丁戊己庚辛壬癸'.includes(x) && x.length === 1)
    expect(singleStems.length).toBe(120 + ['壬', '甲', '乙', '丙', '丁', '庚', '辛', '癸'].length)
  })

  it('is an image address both targets can show', () => {
    expect(luopanPlateImage()).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/)
    // The address crosses to the mini-program's view in one setData: under WeChat's 100 KB warning.
    expect(luopanPlateImage().length).toBeLessThan(100 * 1024)
  })
})
