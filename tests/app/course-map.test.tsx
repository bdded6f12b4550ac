import ClassMap from '@/components/course/ClassMap'
import { getConfig } from '@/api/index'
import { klass } from './course-fixtures'
import { renderPage } from './render'

jest.mock('@/api/index', () => ({ ...jest.requireActual('@/api/index'), getConfig: jest.fn() }))

describe('class map with a map key configured', () => {
  it('shows the classes on a map, zoom 5 to 18', async () => {
    jest.mocked(getConfig).mockResolvedValue({ wechat_app_id: '', oauth_authorize_url: '', h5_url: '', map_key: 'MAPKEY-123', version: '1.0.0' })
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined)
    const { container } = await renderPage(ClassMap, { route: 'live/pages/offline/offline', props: { classes: [klass(), klass({ class_id: 6, city: '杭州', latitude: 30.25, longitude: 120.17 })] } })
    const map = container.querySelector('.class-map')!
    expect(map.tagName.toLowerCase()).toBe('taro-map-core')
    // Spec 9: zoom 5 to 18, default 16; centred on the first class.
    expect(map).toMatchObject({ minScale: 5, maxScale: 18, scale: 16, latitude: 39.94, longitude: 116.43 })
    expect((map as unknown as { markers: unknown[] }).markers).toHaveLength(2)
    expect(container.querySelector('.class-map__place')).toBeNull()
    expect(warn).not.toHaveBeenCalledWith('Map key not configured.')
  })
})
