import { jump } from '../../../src/core/jump'

function fakeNav() {
  const calls: string[] = []
  return {
    calls,
    navigateTo: (url: string) => calls.push(`navigateTo ${url}`),
    switchTab: (url: string) => calls.push(`switchTab ${url}`),
    isTabRoute: (path: string) => ['pages/my/my', 'goods/pages/goods/list'].includes(path)
  }
}

describe('jump', () => {
  it('switches to a tab route (dropping the query a tab cannot take)', () => {
    const nav = fakeNav()
    jump('/goods/pages/goods/list?category=2', nav)
    expect(nav.calls).toEqual(['switchTab /goods/pages/goods/list'])
  })

  it('pushes any other app route with its query', () => {
    const nav = fakeNav()
    jump('/goods/pages/goods/goods?goods_id=3', nav)
    jump('pages/tools/huangli', nav)
    expect(nav.calls).toEqual(['navigateTo /goods/pages/goods/goods?goods_id=3', 'navigateTo /pages/tools/huangli'])
  })

  it('opens http(s) addresses in the web-view page, encoded', () => {
    const nav = fakeNav()
    jump('https://example.com/a?b=1&c=2#x', nav)
    expect(nav.calls).toEqual(['navigateTo /pages/web/web?url=https%3A%2F%2Fexample.com%2Fa%3Fb%3D1%26c%3D2%23x'])
  })

  it('ignores an empty link', () => {
    const nav = fakeNav()
    expect(jump('  ', nav)).toBe(false)
    expect(jump(undefined, nav)).toBe(false)
    expect(nav.calls).toEqual([])
  })
})
