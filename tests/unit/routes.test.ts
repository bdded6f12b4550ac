import fs from 'node:fs'
import path from 'node:path'

import {
  EXTRA_ROUTES,
  findRoute,
  HOME,
  isTabRoute,
  normalizePath,
  packageOf,
  ROUTES,
  SUBPACKAGE_ROOTS,
  TABS
} from '../../contract/routes'
import { appJsonProblems } from '../../scripts/lib/weapp-rules'
import { SPEC_ROUTES, SPEC_TABS } from '../fixtures/spec-routes'

;(globalThis as any).defineAppConfig = (c: unknown) => c

function appConfig(env: 'weapp' | 'h5') {
  process.env.TARO_ENV = env
  let config: any
  jest.isolateModules(() => {
    config = require('../../src/app.config').default
  })
  return config
}

describe('route table', () => {
  it('names every route of the spec, exactly, once (plus our own: not-found, 紫微 and 合婚)', () => {
    const paths = ROUTES.map((r) => r.path)
    expect(new Set(paths).size).toBe(paths.length)
    expect([...paths].sort()).toEqual([...SPEC_ROUTES, ...EXTRA_ROUTES].sort())
  })

  it('has the six tabs of the spec in order, home at index 0', () => {
    expect(TABS.map((t) => t.path)).toEqual(SPEC_TABS)
    expect(TABS.map((t) => t.title)).toEqual(['首页', '服务', '课程', '证书', '商城', '我的'])
    expect(HOME).toBe('pages/v2index/index')
  })

  it('gives the shop tab and the text page a reach-bottom distance of 100, the shop pull-down refresh', () => {
    expect(findRoute('goods/pages/goods/list')).toMatchObject({ refresh: true, reachBottom: 100 })
    expect(findRoute('pages/text/text')?.reachBottom).toBe(100)
  })

  it('has a Chinese title for every route', () => {
    for (const route of ROUTES) expect(route.title).toMatch(/[\u4e00-\u9fff]/)
  })

  it('resolves urls with a leading slash, a query, and the empty home path', () => {
    expect(normalizePath('/pages/my/my?x=1')).toBe('pages/my/my')
    expect(normalizePath('/')).toBe(HOME)
    expect(isTabRoute('/goods/pages/goods/list?sort=price')).toBe(true)
    expect(isTabRoute('pages/index/index')).toBe(false)
    expect(packageOf('goods/pages/goods/list')).toBe('goods')
    expect(packageOf('pages/tools/huangli')).toBe('pages/tools')
    expect(packageOf('pages/toolsx/a')).toBe('main')
  })

  it('keeps the spec subpackages', () => {
    for (const root of ['goods', 'live', 'tools', 'certificate', 'association', 'activity', 'teacher', 'calculation']) {
      expect(SUBPACKAGE_ROOTS).toContain(root)
    }
  })

  it('has a page file for every live route', () => {
    for (const route of ROUTES.filter((r) => r.live)) {
      expect(fs.existsSync(path.join(__dirname, '../../src', route.path + '.tsx'))).toBe(true)
      expect(fs.existsSync(path.join(__dirname, '../../src', route.path + '.config.ts'))).toBe(true)
    }
  })
})

describe('app config derived from the route table', () => {
  it('gives the mini-program a valid app.json: no six-item native tab bar, no page in two packages', () => {
    const config = appConfig('weapp')
    expect(config.tabBar).toBeUndefined()
    expect(config.pages[0]).toBe(HOME)
    expect(appJsonProblems(config)).toEqual([])
    // Spec 2's preload, and the launch page fetching on Wi-Fi the packages its 我的 and 课程 panels open.
    expect(config.preloadRule).toEqual({
      'pages/index/index': { network: 'all', packages: ['pages/tools'] },
      [HOME]: { network: 'wifi', packages: ['pages/my', 'pages/course'] }
    })
    // Spec 9: the framework's default time-outs are 60000 ms.
    expect(config.networkTimeout).toEqual({
      request: 60000,
      connectSocket: 60000,
      uploadFile: 60000,
      downloadFile: 60000
    })
  })

  it('lists the six tabs for the H5 router without Taro drawing its own bar', () => {
    const config = appConfig('h5')
    expect(config.tabBar.custom).toBe(true)
    expect(config.tabBar.list.map((t: any) => t.pagePath)).toEqual(SPEC_TABS)
  })

  it('detects what WeChat refuses', () => {
    expect(
      appJsonProblems({ pages: ['a/b'], tabBar: { list: [1, 2, 3, 4, 5, 6].map((i) => ({ pagePath: 'a/b' + i })) } })
    ).toEqual(expect.arrayContaining([expect.stringContaining('6 items')]))
    expect(appJsonProblems({ pages: ['goods/x'], subPackages: [{ root: 'goods', pages: ['y'] }] })[0]).toContain(
      'under subpackage root'
    )
    expect(
      appJsonProblems({
        pages: ['a'],
        subPackages: [
          { root: 'p', pages: ['x'] },
          { root: 'p/q', pages: ['y'] }
        ]
      })[0]
    ).toContain('nested')
    expect(appJsonProblems({ pages: ['a'], preloadRule: { a: { packages: ['nope'] } } })[0]).toContain(
      'not a subpackage root'
    )
  })
})
