import { fireEvent } from '@testing-library/react'

import { getConfig } from '../../src/api'
import { fitView, STATIC_MAP_BASE, staticMapUrl } from '../../src/components/course/static-map'
import ClassMap from '../../src/platform/ClassMap'
import WeappClassMap from '../../src/platform/ClassMap.weapp'
import { appStore } from '../../src/stores'
import { klass } from './course-fixtures'
import { renderPage, settle } from './render'

jest.mock('../../src/api', () => ({ ...jest.requireActual('../../src/api'), getConfig: jest.fn() }))

const config = (map_key: string) => ({
  wechat_app_id: '',
  oauth_authorize_url: '',
  h5_url: '',
  map_key,
  version: '1.0.0'
})
const beijing = klass()
const hangzhou = klass({ class_id: 6, city: '杭州', address: '西湖区文三路 1 号', latitude: 30.25, longitude: 120.17 })

beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined)
  // The configuration is read once per app: forget it, so each test gives its own.
  ;(appStore as unknown as { configLoad: unknown }).configLoad = undefined
})
afterEach(() => jest.restoreAllMocks())

describe('class map in the browser, with a map key configured', () => {
  it('draws the provider’s map picture with OUR key and a marker per class', async () => {
    jest.mocked(getConfig).mockResolvedValue(config('MAPKEY-123'))
    const { container } = await renderPage(ClassMap, {
      route: 'live/pages/offline/offline',
      props: { classes: [beijing, hangzhou] }
    })
    const map = container.querySelector('.class-map--static') as HTMLElement & { src: string }
    expect(map).not.toBeNull()
    const url = new URL(map.src)
    expect(`${url.origin}${url.pathname}`).toBe(STATIC_MAP_BASE)
    expect(url.searchParams.get('key')).toBe('MAPKEY-123')
    expect(url.searchParams.get('markers')).toBe('size:large|color:red|39.940000,116.430000|30.250000,120.170000')
    // Beijing and Hangzhou both on one 343px picture: zoomed out, but never below 5.
    expect(Number(url.searchParams.get('zoom'))).toBe(5)
    expect(container.querySelector('.class-map__place')).toBeNull()
    expect(console.warn).not.toHaveBeenCalledWith('Map key not configured.')
  })

  it('a picture that cannot load gives way to the addresses', async () => {
    jest.mocked(getConfig).mockResolvedValue(config('MAPKEY-123'))
    const { container } = await renderPage(ClassMap, {
      route: 'live/pages/offline/offline',
      props: { classes: [beijing, hangzhou] }
    })
    fireEvent(container.querySelector('.class-map--static')!, new Event('error'))
    await settle()
    expect(container.querySelector('.class-map--static')).toBeNull()
    expect([...container.querySelectorAll('.class-map__address')].map((a) => a.textContent)).toEqual([
      `北京 · ${beijing.address}`,
      '杭州 · 西湖区文三路 1 号'
    ])
  })
})

describe('class map without a map key', () => {
  it('logs why and lists the addresses, in either build', async () => {
    jest.mocked(getConfig).mockResolvedValue(config('  '))
    for (const Map of [ClassMap, WeappClassMap]) {
      const { container, unmount } = await renderPage(Map, {
        route: 'live/pages/offline/offline',
        props: { classes: [beijing, hangzhou] }
      })
      expect(container.querySelectorAll('.class-map__place')).toHaveLength(2)
      expect(container.querySelector('.class-map--static, taro-map-core')).toBeNull()
      unmount?.()
    }
    expect(console.warn).toHaveBeenCalledWith('Map key not configured.')
  })
})

describe('class map in the mini-program, with a map key configured', () => {
  it('shows the classes on WeChat’s map, zoom 5 to 18', async () => {
    jest.mocked(getConfig).mockResolvedValue(config('MAPKEY-123'))
    const { container } = await renderPage(WeappClassMap, {
      route: 'live/pages/offline/offline',
      props: { classes: [beijing, hangzhou] }
    })
    const map = container.querySelector('.class-map')!
    expect(map.tagName.toLowerCase()).toBe('taro-map-core')
    // Spec 9: zoom 5 to 18, default 16; centred on the first class.
    expect(map).toMatchObject({ minScale: 5, maxScale: 18, scale: 16, latitude: 39.94, longitude: 116.43 })
    expect((map as unknown as { markers: unknown[] }).markers).toHaveLength(2)
    expect(container.querySelector('.class-map__place')).toBeNull()
  })
})

describe('fitting the map picture', () => {
  it('one place at the default zoom 16; near places closer in, far ones out, within 5 to 18', () => {
    expect(fitView([beijing])).toEqual({ latitude: 39.94, longitude: 116.43, zoom: 16 })
    expect(fitView([beijing, { latitude: 39.94, longitude: 116.43 }]).zoom).toBe(16)
    const city = fitView([beijing, { latitude: 39.98, longitude: 116.5 }])
    expect(city.zoom).toBeGreaterThanOrEqual(11)
    expect(city.zoom).toBeLessThanOrEqual(13)
    expect(city.latitude).toBeCloseTo(39.96)
    expect(
      fitView([
        { latitude: 53, longitude: 73 },
        { latitude: 18, longitude: 135 }
      ]).zoom
    ).toBe(5)
    const one = new URL(staticMapUrl('K', [beijing], 30))
    expect(one.searchParams.get('zoom')).toBe('18')
    expect(one.searchParams.get('center')).toBe('39.940000,116.430000')
  })
})
