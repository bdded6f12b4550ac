import { fireEvent } from '@testing-library/react'
import { renderPage, settle } from './render'

jest.mock('@/api/article', () => ({
  getArticleCategories: jest.fn(async () => ({ list: [{ category_id: 1, name: '命理' }, { category_id: 2, name: '风水' }] })),
  getArticles: jest.fn(async ({ page }: { page: number }) => ({
    list: [
      { article_id: page * 10 + 1, title: `第${page}页的文章`, summary: '摘要', cover: '', author: '青囊书院', category_id: 1, views: 123456, likes: 8, created_at: '2026-11-01T08:00:00.000Z' }
    ],
    total: 2,
    page,
    per_page: 1,
    last_page: 2
  })),
  publishArticle: jest.fn(async () => ({ article_id: 99, status: 'pending' }))
}))

import ArticleList from '@/pages/article/list'
import Publish from '@/pages/article/publish'
import { getArticles, publishArticle } from '@/api/article'
import { sessionStore } from '@/stores'
import { appStorage } from '@/platform/storage'

describe('pages/article/list', () => {
  it('shows the columns, the articles with views in 万, and asks visitors to log in before publishing', async () => {
    const { container } = await renderPage(ArticleList, { route: 'pages/article/list', depth: 2 })
    await settle()
    expect([...container.querySelectorAll('.article-tabs__item')].map((t) => t.textContent)).toEqual(['全部', '命理', '风水'])
    expect(container.textContent).toContain('第1页的文章')
    expect(container.textContent).toContain('12.3万阅读')
    fireEvent.click([...container.querySelectorAll('.article-tabs__item')][2])
    await settle()
    expect(getArticles).toHaveBeenLastCalledWith({ page: 1, per_page: 10, category_id: 2 })
    fireEvent.click(container.querySelector('.article-fab')!)
    expect(sessionStore.loginRequired).toBe(true)
    sessionStore.dismissLogin()
  })
})

describe('pages/article/publish', () => {
  beforeAll(() => appStorage.set('Authorization', { user_id: 5, token: 'tk' }))
  afterAll(() => appStorage.clear())

  it('names every missing field and sends nothing', async () => {
    const { container } = await renderPage(Publish, { route: 'pages/article/publish', depth: 2 })
    await settle()
    fireEvent.click(container.querySelector('.publish__submit')!)
    await settle()
    expect(container.textContent).toContain('请填写标题')
    expect(container.textContent).toContain('请选择栏目')
    expect(container.textContent).toContain('请填写正文')
    expect(publishArticle).not.toHaveBeenCalled()
  })
})
