import { fireEvent, waitFor } from '@testing-library/react'

import type { HomeResponse } from '../../contract'
import HomeView from '../../src/components/Home/HomeView'
import TabBar from '../../src/components/TabBar'
import { renderPage } from './render'

const HOME: HomeResponse = {
  banners: [{ id: 1, title: '八字命理', image: '/static/a.svg', url: '/pages/bazi/bazi' }],
  nav: [
    { id: 1, title: '老黄历', icon: '/static/h.svg', url: '/pages/tools/huangli' },
    { id: 2, title: '易学课程', icon: '/static/c.svg', url: '/pages/course/index' }
  ],
  sections: [
    {
      key: 'goods',
      title: '精选好物',
      more_url: '/goods/pages/goods/list',
      items: [
        {
          id: 7,
          title: '紫檀罗盘',
          subtitle: '三元三合综合盘',
          image: '/static/l.svg',
          url: '/goods/pages/goods/goods?goods_id=7',
          price: 128800,
          tag: '热卖'
        }
      ]
    },
    { key: 'empty', title: '空栏目', more_url: '', items: [] }
  ],
  notices: [
    { id: 3, title: '春节期间发货时间调整', url: '' },
    { id: 4, title: '新课上线', url: '/pages/course/index' }
  ]
}

const remote = (over: object) => ({
  data: undefined,
  error: undefined,
  loading: false,
  reload: jest.fn(async () => undefined),
  ...over
})

describe('home screen', () => {
  it('shows banners, the icon grid and the sections with prices in yuan', async () => {
    const { container } = await renderPage(HomeView, { props: remote({ data: HOME }) })
    expect(container.querySelectorAll('.home__nav-item')).toHaveLength(2)
    // The sections follow the first screen's paint.
    await waitFor(() => expect(container.textContent).toContain('精选好物'))
    expect(container.textContent).toContain('¥1288.00')
    expect(container.textContent).toContain('热卖')
    expect(container.textContent).not.toContain('空栏目') // a section with nothing in it is not shown
    // Notices: each on its line, only the one with a link looks tappable.
    const notices = [...container.querySelectorAll('.home__notice')]
    expect(notices.map((n) => n.querySelector('.home__notice-title')!.textContent)).toEqual([
      '春节期间发货时间调整',
      '新课上线'
    ])
    expect(notices.map((n) => n.classList.contains('home__notice--link'))).toEqual([false, true])
  })

  it('draws every section, those below the first screen a moment after it', async () => {
    const many = ['每日一看', '专业工具', '学习进阶', '易学文章', '精品课程'].map((title, i) => ({
      ...HOME.sections[0],
      key: `s${i}`,
      title,
      items: [{ ...HOME.sections[0].items[0], id: i + 1 }]
    }))
    const { container } = await renderPage(HomeView, { props: remote({ data: { ...HOME, sections: many } }) })
    await waitFor(() =>
      expect([...container.querySelectorAll('.home__section-title')].map((t) => t.textContent)).toEqual(
        many.map((s) => s.title)
      )
    )
  })

  it('shows the loading state first, and an error with a retry that loads again', async () => {
    const loading = await renderPage(HomeView, { props: remote({ loading: true }) })
    expect(loading.container.textContent).toContain('加载中')
    loading.unmount()
    const reload = jest.fn(async () => undefined)
    const failed = await renderPage(HomeView, { props: remote({ error: '网络不给力', reload }) })
    expect(failed.container.textContent).toContain('网络不给力')
    fireEvent.click(failed.container.querySelector('.state__retry')!)
    expect(reload).toHaveBeenCalled()
  })

  it('says so when the server has nothing to show', async () => {
    const { container } = await renderPage(HomeView, {
      props: remote({ data: { banners: [], nav: [], sections: [], notices: [] } })
    })
    expect(container.textContent).toContain('暂无内容')
  })
})

describe('tab bar', () => {
  it('has the six tabs of the spec with the active one selected', async () => {
    const { container } = await renderPage(TabBar, { props: { active: 4 } })
    const items = [...container.querySelectorAll('.tab-bar__item')]
    expect(items.map((item) => item.textContent)).toEqual(['首页', '服务', '课程', '证书', '商城', '我的'])
    expect(items.map((item) => item.getAttribute('aria-selected'))).toEqual([
      'false',
      'false',
      'false',
      'false',
      'true',
      'false'
    ])
    // Selected in orange, each with its own 24px icon drawn in that colour.
    expect((items[4].querySelector('.tab-bar__text') as HTMLElement).style.color).toBe('rgb(245, 124, 0)')
    const icons = items.map((item) => item.querySelector('svg.tab-bar__icon'))
    expect(icons.map((icon) => icon?.getAttribute('stroke'))).toEqual([
      ...Array(4).fill('#8A8A8A'),
      '#F57C00',
      '#8A8A8A'
    ])
    expect(new Set(icons.map((icon) => icon?.querySelector('path')?.getAttribute('d'))).size).toBe(6)
  })
})
