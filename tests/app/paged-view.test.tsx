import { Text } from '@tarojs/components'

import { PagedView } from '../../src/components/States'
import type { PagedList } from '../../src/hooks/usePaged'
import { tap } from './events'
import { renderPage } from './render'

function list(state: Partial<PagedList<string>>): PagedList<string> {
  return {
    items: [],
    total: 0,
    ready: true,
    loading: false,
    finished: false,
    error: undefined,
    refresh: jest.fn(async () => {}),
    more: jest.fn(async () => {}),
    update: jest.fn(),
    ...state
  } as PagedList<string>
}

const show = (l: PagedList<string>, empty: Parameters<typeof PagedView>[0]['empty'] = '还没有记录') =>
  renderPage(() => (
    <PagedView list={l} empty={empty}>
      {() =>
        l.items.map((x) => (
          <Text key={x} className="row">
            {x}
          </Text>
        ))
      }
    </PagedView>
  ))

describe("a paged list's screen states", () => {
  it('shows the spinner on the first load, then the items with the end-of-list footer', async () => {
    expect(
      (await show(list({ ready: false, loading: true }))).container.querySelector('.state--loading')
    ).not.toBeNull()
    const { container } = await show(list({ items: ['甲', '乙'], finished: true }))
    expect(Array.from(container.querySelectorAll('.row')).map((r) => r.textContent)).toEqual(['甲', '乙'])
    expect(container.querySelector('.list-footer')?.textContent).toBe('— 没有更多了 —')
  })

  it('offers a retry when the first page failed, and keeps the items when a later page failed', async () => {
    const failed = list({ error: '网络不可用' })
    const { container } = await show(failed)
    expect(container.querySelector('.state--error')?.textContent).toContain('网络不可用')
    await tap(container.querySelector('.state__retry'))
    expect(failed.refresh).toHaveBeenCalled()
    const later = await show(list({ items: ['甲'], error: '网络不可用' }))
    expect(later.container.querySelector('.state--error')).toBeNull()
    expect(later.container.querySelector('.row')?.textContent).toBe('甲')
  })

  it('says the list is empty, in its own words or with a way on', async () => {
    expect((await show(list({}))).container.querySelector('.state--empty')?.textContent).toBe('还没有记录')
    const { container } = await show(list({}), <Text className="go">去逛逛</Text>)
    expect(container.querySelector('.go')?.textContent).toBe('去逛逛')
    expect(container.querySelector('.list-footer')).toBeNull()
  })
})
