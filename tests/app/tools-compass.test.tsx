import { act, fireEvent } from '@testing-library/react'

import Compass from '../../src/pages/tools/compass'
import { watchCompass } from '../../src/platform/compass'
import { fireTaro, tap } from './events'
import { renderPage, settle } from './render'

jest.mock('../../src/platform/compass', () => ({ watchCompass: jest.fn() }))
const mockedWatch = watchCompass as jest.MockedFunction<typeof watchCompass>

const ROUTE = 'pages/tools/compass'
const open = () => renderPage(Compass, { route: ROUTE, depth: 2 })
const degree = (container: Element) => container.querySelector('.compass__degree')?.textContent
const mountain = (container: Element) => container.querySelector('.compass__mountain')?.textContent

// 二十四山 each span 15° clockwise from 壬 at 337.5° (子 352.5-7.5, 卯 82.5-97.5, 丁 187.5-202.5 ...; 《罗经透解》)
describe('pages/tools/compass', () => {
  afterEach(() => mockedWatch.mockReset())

  it('without a sensor says so, and a typed degree or a drag turns the dial', async () => {
    mockedWatch.mockResolvedValue({ status: 'unsupported', stop: jest.fn() })
    const { container } = await open()
    expect(degree(container)).toBe('0.0°')
    expect(mountain(container)).toContain('子山')
    await tap(container.querySelector('.compass__start'))
    expect(container.querySelector('.compass__status--unsupported')?.textContent).toContain('当前设备不支持指南针')
    await fireTaro(container.querySelector('.compass__input'), 'input', '90')
    await tap(container.querySelector('.compass__apply'))
    expect(degree(container)).toBe('90.0°')
    expect(mountain(container)).toBe('东 · 卯山（震卦 ☳）')
    expect((container.querySelector('.dial__face') as HTMLElement).style.transform).toBe('rotate(-90deg)')
    // dragging 60px to the left turns the dial counter-clockwise: the heading grows by 30°
    const dial = container.querySelector('.dial')!
    fireEvent.touchStart(dial, { touches: [{ clientX: 200 }] })
    fireEvent.touchMove(dial, { touches: [{ clientX: 140 }] })
    fireEvent.touchEnd(dial)
    await settle()
    expect(degree(container)).toBe('120.0°')
    // 120° lies in 辰 (112.5-127.5)
    expect(mountain(container)).toContain('辰山')
    await tap(container.querySelector('[data-step="-1"]'))
    expect(degree(container)).toBe('119.0°')
  })

  it('names the field for a degree that is not a number or out of range', async () => {
    const { container } = await open()
    await tap(container.querySelector('.compass__apply'))
    expect(container.querySelector('.compass__error')?.textContent).toBe('度数：罗盘度数必须是有效数字')
    await fireTaro(container.querySelector('.compass__input'), 'input', '400')
    await tap(container.querySelector('.compass__apply'))
    expect(container.querySelector('.compass__error')?.textContent).toBe('度数：请输入 0 到 360 之间的度数')
  })

  it('follows the live heading, and a locked reading stays until unlocked', async () => {
    let report: (degrees: number) => void = () => undefined
    const stop = jest.fn()
    mockedWatch.mockImplementation(async (onHeading) => {
      report = onHeading
      return { status: 'ok', stop }
    })
    const { container, unmount } = await open()
    await tap(container.querySelector('.compass__start'))
    expect(container.querySelector('.compass__start')).toBeNull()
    await act(async () => report(200))
    expect(degree(container)).toBe('200.0°')
    expect(mountain(container)).toContain('丁山')
    expect(container.textContent).toContain('对宫 癸山')
    await tap(container.querySelector('.compass__lock'))
    await act(async () => report(300))
    expect(degree(container)).toBe('200.0°')
    expect(container.querySelector('.compass__locked')?.textContent).toBe('读数已锁定')
    await tap(container.querySelector('.compass__lock'))
    await act(async () => report(300))
    expect(degree(container)).toBe('300.0°')
    // 300° lies in 戌 (292.5-307.5)
    expect(mountain(container)).toContain('戌山')
    unmount()
    expect(stop).toHaveBeenCalled()
  })
})
