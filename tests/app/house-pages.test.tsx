import Taro from '@tarojs/taro'
import { fireEvent } from '@testing-library/react'

import type { HousePlan } from '../../contract'
import { addHouse, editHouse, getHouse, getHouses } from '../../src/api/house'
import { uploadPrivateImage } from '../../src/api/upload'
import { watchCompass } from '../../src/platform/compass'
import { chooseImages } from '../../src/platform/image'
import { bearingAtImageAngle, overlaySectors, tapToCenter } from '../../src/tools/house/overlay'
import HouseAnalysisPage from '../../src/tools/pages/house/analysis'
import HouseList from '../../src/tools/pages/house/house'
import HouseInfo from '../../src/tools/pages/house/info'
import HouseLayout from '../../src/tools/pages/house/layout'
import UploadType from '../../src/tools/pages/house/upload_type'
import Lijichi from '../../src/tools/pages/lijichi/lijichi'
import { byText, fireTaro, tap, tapOn, typeInto } from './events'
import { renderPage, settle } from './render'

jest.mock('../../src/api/house')
jest.mock('../../src/platform/compass')
jest.mock('../../src/api/upload')
jest.mock('../../src/platform/image')

const PLAN: HousePlan = {
  id: 7,
  title: '户型图 1',
  plan_type: 'floorplan',
  file_id: 3,
  image_url: 'http://127.0.0.1/uploads/202611/plan.png',
  image_width: 600,
  image_height: 400,
  facing_degrees: null,
  build_year: null,
  period: null,
  method: 'xiagua',
  owner_birth_year: null,
  owner_gender: null,
  center_x: null,
  center_y: null,
  rotation: 180,
  mode: '9',
  created_at: '2026-11-22T07:00:00.000Z',
  updated_at: '2026-11-22T07:00:00.000Z'
}

beforeEach(() => {
  jest.mocked(editHouse).mockImplementation(async (d) => ({ ...PLAN, ...d }) as HousePlan)
  jest.spyOn(Taro, 'navigateTo').mockResolvedValue({ errMsg: 'navigateTo:ok' } as never)
})
afterEach(() => jest.restoreAllMocks())

describe('overlay geometry', () => {
  const cellAt = (cells: ReturnType<typeof overlaySectors>['cells'], label: string) =>
    cells.find((c) => c.label === label)!

  it('puts 坎 (north) above the centre when a south-facing house is drawn with its front at the bottom', () => {
    // 洛书 “戴九履一”: 坎一 north, 离九 south; the facing (离) is drawn at the bottom (rotation 180).
    const s = overlaySectors({
      width: 300,
      height: 300,
      centerX: 0.5,
      centerY: 0.5,
      rotation: 180,
      facingDegrees: 180,
      mode: '9'
    })
    expect(cellAt(s.cells, '坎').labelPoint).toEqual({ x: 150, y: 50 })
    expect(cellAt(s.cells, '离').labelPoint).toEqual({ x: 150, y: 250 })
    expect(cellAt(s.cells, '坎').palace).toBe(1)
  })

  it('turns with the facing: an east-facing house drawn with its front at the bottom has north on the right', () => {
    const s = overlaySectors({
      width: 300,
      height: 300,
      centerX: 0.5,
      centerY: 0.5,
      rotation: 180,
      facingDegrees: 90,
      mode: '8'
    })
    expect(s.northAngle).toBe(90)
    expect(cellAt(s.cells, '坎').labelPoint.x).toBeGreaterThan(150)
    expect(Math.abs(cellAt(s.cells, '坎').labelPoint.y - 150)).toBeLessThan(1)
    // the plan's up (image angle 0) then points west, 270°
    expect(bearingAtImageAngle(0, s)).toBe(270)
  })

  it('moves with the centre and cuts 24 mountains', () => {
    const s = overlaySectors({
      width: 400,
      height: 200,
      centerX: 0.25,
      centerY: 0.5,
      rotation: 180,
      facingDegrees: 180,
      mode: '24'
    })
    expect(s.cells).toHaveLength(24)
    expect(s.cells.every((c) => c.polygon[0].x === 100 && c.polygon[0].y === 100)).toBe(true)
  })

  it('turns a tap into the centre as fractions, kept inside the plan', () => {
    expect(tapToCenter(112, 170, { left: 12, top: 20, width: 300, height: 200 })).toEqual({
      centerX: 0.333,
      centerY: 0.75
    })
    expect(tapToCenter(0, 500, { left: 12, top: 20, width: 300, height: 200 })).toEqual({
      centerX: 0.01,
      centerY: 0.99
    })
  })
})

describe('upload step', () => {
  it('uploads the chosen plan privately and opens the new analysis', async () => {
    jest.spyOn(Taro, 'redirectTo').mockResolvedValue(undefined as never)
    jest.mocked(chooseImages).mockResolvedValue(['wxfile://tmp/plan.png'])
    jest.mocked(uploadPrivateImage).mockResolvedValue({
      url: 'http://127.0.0.1/api/file.private/image?key=202611%2Fplan.png&exp=1&sig=s',
      ref: 'private:202611/plan.png',
      file_id: 3
    })
    jest.mocked(addHouse).mockResolvedValue(PLAN)
    const { container } = await renderPage(UploadType, { route: 'tools/pages/house/upload_type', depth: 2 })
    await tapOn(container, '[data-type="sketch"]')
    await tapOn(container, '.house-actions .tool-btn')
    expect(uploadPrivateImage).toHaveBeenCalledWith('wxfile://tmp/plan.png')
    expect(addHouse).toHaveBeenCalledWith({ plan_type: 'sketch', file_id: 3 })
    expect(Taro.redirectTo).toHaveBeenCalledWith({ url: '/tools/pages/house/info?id=7' })
  })
})

describe('立极尺', () => {
  it('lays the overlay on a plan uploaded privately, shown through its signed link', async () => {
    const signed = 'http://127.0.0.1/api/file.private/image?key=202611%2Fl.png&exp=1&sig=s'
    jest.mocked(getHouses).mockResolvedValue({ list: [], total: 0, page: 1, per_page: 20, last_page: 1 })
    jest.mocked(chooseImages).mockResolvedValue(['wxfile://tmp/l.png'])
    jest.mocked(uploadPrivateImage).mockResolvedValue({ url: signed, ref: 'private:202611/l.png', file_id: 9 })
    const { container } = await renderPage(Lijichi, { route: 'tools/pages/lijichi/lijichi', depth: 2 })
    await tapOn(container, '.tool-btn')
    expect(uploadPrivateImage).toHaveBeenCalledWith('wxfile://tmp/l.png')
    expect(container.querySelector('.house-board__image')?.getAttribute('src')).toBe(signed)
  })
})

describe('info step', () => {
  it('names the wrong field, shows the period of the build year and saves the step', async () => {
    jest.mocked(getHouse).mockResolvedValue(PLAN)
    const { container } = await renderPage(HouseInfo, {
      route: 'tools/pages/house/info',
      params: { id: '7' },
      depth: 2
    })
    const save = () => tapOn(container, '.house-info__save')
    const errorText = () => container.querySelector('.house-info__error')?.textContent

    await save()
    expect(errorText()).toBe('朝向度数须是 0 到 359.9 之间的数字')
    await typeInto(container, '.house-info__facing', '400')
    await save()
    expect(errorText()).toBe('朝向度数须是 0 到 359.9 之间的数字')
    await typeInto(container, '.house-info__facing', '180')
    // 180° lies in 午 (172.5°–187.5°), the opposite 子 (二十四山正针)
    expect(container.textContent).toContain('向 午（南）· 坐 子')
    await save()
    expect(errorText()).toBe('建成年份须是 1900 到 2100 之间的年份')
    await typeInto(container, '.house-info__year', '2005')
    // 三元九运: 下元八运 2004–2023
    expect(container.textContent).toContain('下元8运（2004—2023）')
    await save()
    expect(errorText()).toBe('宅主出生年份须是 1900 到 2100 之间的年份')
    await typeInto(container, '.house-info__owner', '1985')
    await save()
    expect(errorText()).toBe('请选择宅主性别')
    expect(editHouse).not.toHaveBeenCalled()
    await tap(byText(container, '.tool-chip', '男'))
    await save()
    expect(editHouse).toHaveBeenCalledWith({
      id: 7,
      facing_degrees: 180,
      period: 8,
      build_year: 2005,
      method: 'xiagua',
      owner_birth_year: 1985,
      owner_gender: 'male'
    })
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/tools/pages/house/layout?id=7' })
  })
})

describe('info step with the compass', () => {
  it('takes the first heading and stops the sensor; a device without one is told to type', async () => {
    jest.mocked(getHouse).mockResolvedValue(PLAN)
    const stop = jest.fn()
    jest.mocked(watchCompass).mockImplementation(async (onHeading) => {
      onHeading(135.44)
      onHeading(140)
      return { status: 'ok', stop }
    })
    const { container } = await renderPage(HouseInfo, {
      route: 'tools/pages/house/info',
      params: { id: '7' },
      depth: 2
    })
    await tap(byText(container, '.tool-btn', '指南针'))
    expect((container.querySelector('.house-info__facing') as HTMLElement & { value: string }).value).toBe('135.4')
    // 巽山 127.5°–142.5°, opposite 乾 (二十四山正针)
    expect(container.textContent).toContain('向 巽（东南）· 坐 乾')
    expect(stop).toHaveBeenCalledTimes(1)
    jest.mocked(watchCompass).mockResolvedValue({ status: 'unsupported', stop: () => undefined })
    await tap(byText(container, '.tool-btn', '指南针'))
    expect(container.textContent).toContain('当前设备没有指南针，请手动输入朝向度数')
  })
})

const READY: HousePlan = {
  ...PLAN,
  facing_degrees: 180,
  build_year: 2005,
  period: 8,
  owner_birth_year: 1985,
  owner_gender: 'male'
}

describe('layout step', () => {
  it('draws the nine palaces on the plan, moves the centre by the sliders, saves centre, turn and mode', async () => {
    jest.mocked(getHouse).mockResolvedValue(READY)
    const { container } = await renderPage(HouseLayout, {
      route: 'tools/pages/house/layout',
      params: { id: '7' },
      depth: 2
    })
    expect(container.querySelectorAll('.house-board__label')).toHaveLength(9)
    const overlay = container.querySelector('.house-board__overlay') as HTMLElement
    expect(overlay.getAttribute('src')).toMatch(/^data:image\/svg\+xml/)
    const sliders = container.querySelectorAll('.house-board__slider-bar')
    await fireTaro(sliders[0], 'change', 30)
    await fireTaro(sliders[2], 'change', 90)
    await tapOn(container, '[data-mode="24"]')
    expect(container.querySelectorAll('.house-board__label')).toHaveLength(24)
    await tapOn(container, '.house-layout__save')
    expect(editHouse).toHaveBeenCalledWith({
      id: 7,
      center_x: 0.3,
      center_y: 0.5,
      rotation: 90,
      mode: '24',
      image_width: 600,
      image_height: 400
    })
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/tools/pages/house/analysis?id=7' })
  })
})

describe('analysis', () => {
  it('lays the 玄空 stars on the plan and reads 八宅 for the owner', async () => {
    jest.mocked(getHouse).mockResolvedValue({ ...READY, center_x: 0.5, center_y: 0.5 })
    const { container } = await renderPage(HouseAnalysisPage, {
      route: 'tools/pages/house/analysis',
      params: { id: '7' },
      depth: 2
    })
    expect(container.textContent).toContain('子山午向（180°）· 8运 · 下卦')
    // 八运 运盘: 8 enters the centre (三元九运, 洛书顺飞)
    expect(container.querySelectorAll('.house-stars')).toHaveLength(9)
    expect(
      Array.from(container.querySelectorAll('.house-palace__head')).some((h) =>
        h.textContent!.startsWith('中（中宫） 运8')
      )
    ).toBe(true)
    // 1985 男命: 命卦速查 (11 − 年数字和 1+9+8+5→5 = 6) 乾卦 西四命; 大游年歌“乾六天五祸绝延生”: 兑生气、离绝命
    expect(container.textContent).toContain('宅主乾命（西四命）')
    const sectors = Array.from(container.querySelectorAll('.house-sector')).map((s) => s.textContent)
    expect(sectors.find((t) => t!.startsWith('西（兑）'))).toContain('生气')
    expect(sectors.find((t) => t!.startsWith('南（离）'))).toContain('绝命')
  })
})

describe('my houses', () => {
  it('lists saved plans with their step, opens the next one and deletes after confirming', async () => {
    jest.mocked(getHouses).mockResolvedValue({ list: [READY, PLAN], total: 2, page: 1, per_page: 50, last_page: 1 })
    const { container } = await renderPage(HouseList, { route: 'tools/pages/house/house', depth: 2 })
    const metas = Array.from(container.querySelectorAll('.house-list__meta')).map((m) => m.textContent)
    expect(metas).toEqual(['户型图 · 待放置立极中心', '户型图 · 待填写房屋信息'])
    fireEvent.click(container.querySelectorAll('.house-list__main')[0])
    await settle()
    expect(Taro.navigateTo).toHaveBeenCalledWith({ url: '/tools/pages/house/layout?id=7' })
    jest.spyOn(Taro, 'showModal').mockResolvedValue({ confirm: true, cancel: false, errMsg: 'ok' } as never)
    await tap(container.querySelectorAll('.house-list__delete')[1])
    expect(jest.requireMock('@/api/house').deleteHouse).toHaveBeenCalledWith(7)
  })
})
