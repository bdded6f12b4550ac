import Taro from '@tarojs/taro'
import { cleanup, fireEvent } from '@testing-library/react'
import { act } from 'react'

import { fireTaro, tap } from './events'
import { renderPage, settle } from './render'

// The page's lifecycle hooks, captured so a test can fire them as the router would.
const lifecycle = { reachBottom: () => undefined as void }
jest.mock('@tarojs/taro', () => {
  const actual = jest.requireActual('@tarojs/taro')
  return {
    __esModule: true,
    ...actual,
    default: actual.default,
    useReachBottom: (fn: () => void) => void (lifecycle.reachBottom = fn)
  }
})

const summary = (article_id: number, title: string) => ({
  article_id,
  title,
  summary: '摘要',
  cover: '',
  author: '青囊书院',
  category_id: 1,
  views: 123456,
  likes: 8,
  created_at: '2026-11-01T08:00:00.000Z',
  pinned: false,
  recommended: false
})

jest.mock('../../src/api/article', () => ({
  getArticleCategories: jest.fn(),
  getArticles: jest.fn(),
  getArticleDetail: jest.fn(),
  getMyArticles: jest.fn(),
  likeArticle: jest.fn(),
  publishArticle: jest.fn()
}))
jest.mock('../../src/platform/image', () => ({ chooseAndUploadImages: jest.fn(), chooseImages: jest.fn() }))

import * as articleApi from '../../src/api/article'
import { clearCredential, saveCredential } from '../../src/core/credential'
import MyArticles from '../../src/pages/article/article'
import ArticleDetail from '../../src/pages/article/detail'
import ArticleList from '../../src/pages/article/list'
import Publish from '../../src/pages/article/publish'
import { chooseAndUploadImages } from '../../src/platform/image'
import { appStorage } from '../../src/platform/storage'
import { sessionStore } from '../../src/stores'

const api = jest.mocked(articleApi)
const logIn = () => saveCredential(appStorage, { user_id: 5, token: 'tk' })

beforeEach(() => {
  jest.resetAllMocks()
  api.getArticleCategories.mockResolvedValue({
    list: [
      { category_id: 1, name: '命理' },
      { category_id: 2, name: '风水' }
    ]
  })
  api.getArticles.mockImplementation(async ({ page = 1 }) => ({
    list: [summary(page * 10 + 1, `第${page}页的文章`)],
    total: 2,
    page,
    per_page: 1,
    last_page: 2
  }))
  jest.spyOn(Taro, 'showToast').mockResolvedValue(undefined as never)
  jest.spyOn(Taro, 'redirectTo').mockResolvedValue(undefined as never)
})
afterEach(() => {
  cleanup()
  jest.restoreAllMocks()
  clearCredential(appStorage)
  sessionStore.dismissLogin()
})

describe('pages/article/list', () => {
  it('shows the columns, the articles with views in 万, and asks visitors to log in before publishing', async () => {
    const { container } = await renderPage(ArticleList, { route: 'pages/article/list', depth: 2 })
    await settle()
    expect([...container.querySelectorAll('.article-tabs__item')].map((t) => t.textContent)).toEqual([
      '全部',
      '命理',
      '风水'
    ])
    expect(container.textContent).toContain('第1页的文章')
    expect(container.textContent).toContain('12.3万阅读')
    fireEvent.click([...container.querySelectorAll('.article-tabs__item')][2])
    await settle()
    expect(api.getArticles).toHaveBeenLastCalledWith({ page: 1, per_page: 10, category_id: 2 })
    fireEvent.click(container.querySelector('.article-fab')!)
    expect(sessionStore.loginRequired).toBe(true)
  })

  it('loads the next page at the bottom, then says there is no more', async () => {
    const { container } = await renderPage(ArticleList, { route: 'pages/article/list', depth: 2 })
    await settle()
    await act(async () => lifecycle.reachBottom())
    await settle()
    expect(api.getArticles).toHaveBeenLastCalledWith({ page: 2, per_page: 10, category_id: undefined })
    expect([...container.querySelectorAll('.article-card__title')].map((t) => t.textContent)).toEqual([
      '第1页的文章',
      '第2页的文章'
    ])
    expect(container.querySelector('.list-footer')!.textContent).toBe('— 没有更多了 —')
  })

  it('an empty column and a failed list say so; retry loads again', async () => {
    api.getArticles.mockResolvedValueOnce({ list: [], total: 0, page: 1, per_page: 10, last_page: 1 })
    const empty = await renderPage(ArticleList, { route: 'pages/article/list', depth: 2 })
    await settle()
    expect(empty.container.querySelector('.state--empty')!.textContent).toBe('这个栏目还没有文章')
    cleanup()
    api.getArticles.mockRejectedValueOnce(new Error('网络不给力'))
    const { container } = await renderPage(ArticleList, { route: 'pages/article/list', depth: 2 })
    await settle()
    expect(container.querySelector('.state--error')!.textContent).toContain('网络不给力')
    await tap(container.querySelector('.state__retry'))
    await settle()
    expect(container.textContent).toContain('第1页的文章')
  })
})

describe('pages/article/detail', () => {
  const detail = {
    ...summary(11, '八字入门十讲'),
    views: 2_345_678,
    content: '<p>天干地支，周而复始。</p><img src="http://127.0.0.1:3000/uploads/202611/a.png" alt="" />',
    images: [],
    liked: false
  }

  it('shows the server’s sanitized text, views in 万 and likes; a visitor is asked to log in to like', async () => {
    api.getArticleDetail.mockResolvedValue({ detail })
    const { container } = await renderPage(ArticleDetail, {
      route: 'pages/article/detail',
      params: { article_id: '11' },
      depth: 2
    })
    expect(api.getArticleDetail).toHaveBeenCalledWith({ article_id: 11 })
    expect(container.querySelector('.article__title')!.textContent).toBe('八字入门十讲')
    expect(container.querySelector('.article__meta')!.textContent).toContain('235万阅读')
    expect(container.querySelector('.article__content')!.innerHTML).toContain('天干地支，周而复始。')
    expect(container.querySelector('.article__like')!.textContent).toBe('点赞 · 8')
    await tap(container.querySelector('.article__like'))
    expect(sessionStore.loginRequired).toBe(true)
    expect(api.likeArticle).not.toHaveBeenCalled()
  })

  it('a like goes to the server and shows its count; a failure keeps the old state and says why', async () => {
    logIn()
    api.getArticleDetail.mockResolvedValue({ detail })
    api.likeArticle.mockResolvedValueOnce({ liked: true, likes: 9 }).mockRejectedValueOnce(new Error('点赞太频繁'))
    const { container } = await renderPage(ArticleDetail, {
      route: 'pages/article/detail',
      params: { article_id: '11' },
      depth: 2
    })
    await tap(container.querySelector('.article__like'))
    expect(api.likeArticle).toHaveBeenCalledWith(11)
    expect(container.querySelector('.article__like')!.textContent).toBe('已赞 · 9')
    expect(container.querySelector('.article__like')!.className).toContain('article__like--on')
    await tap(container.querySelector('.article__like'))
    await settle()
    expect(container.querySelector('.article__like')!.textContent).toBe('已赞 · 9')
    expect(Taro.showToast).toHaveBeenCalledWith(expect.objectContaining({ title: '点赞太频繁' }))
  })

  it('a missing article says so and can be retried', async () => {
    api.getArticleDetail.mockRejectedValueOnce(new Error('文章不存在或未发布')).mockResolvedValueOnce({ detail })
    const { container } = await renderPage(ArticleDetail, {
      route: 'pages/article/detail',
      params: { article_id: '11' },
      depth: 2
    })
    expect(container.querySelector('.state--error')!.textContent).toContain('文章不存在或未发布')
    await tap(container.querySelector('.state__retry'))
    await settle()
    expect(container.querySelector('.article__title')!.textContent).toBe('八字入门十讲')
  })
})

describe('pages/article/article (mine)', () => {
  it('a visitor is asked to log in and nothing is loaded', async () => {
    const { container } = await renderPage(MyArticles, { route: 'pages/article/article', depth: 2 })
    expect(container.textContent).toContain('登录后查看我发布的文章')
    expect(api.getMyArticles).not.toHaveBeenCalled()
  })

  it('lists what I published with where each stands in review, or says there is none', async () => {
    logIn()
    api.getMyArticles.mockResolvedValueOnce({
      list: [
        { ...summary(3, '待审的文章'), status: 'pending', reject_reason: '' },
        { ...summary(2, '通过的文章'), status: 'published', reject_reason: '' },
        { ...summary(1, '退回的文章'), status: 'rejected', reject_reason: '含有广告内容' }
      ],
      total: 3,
      page: 1,
      per_page: 10,
      last_page: 1
    })
    const { container } = await renderPage(MyArticles, { route: 'pages/article/article', depth: 2 })
    expect([...container.querySelectorAll('.article-status')].map((s) => s.textContent)).toEqual([
      '审核中',
      '已发布',
      '未通过：含有广告内容'
    ])
    cleanup()
    api.getMyArticles.mockResolvedValueOnce({ list: [], total: 0, page: 1, per_page: 10, last_page: 1 })
    const empty = await renderPage(MyArticles, { route: 'pages/article/article', depth: 2 })
    expect(empty.container.querySelector('.state--empty')!.textContent).toBe('还没有发布过文章')
  })
})

describe('pages/article/publish', () => {
  it('names every missing field and sends nothing', async () => {
    logIn()
    const { container } = await renderPage(Publish, { route: 'pages/article/publish', depth: 2 })
    await settle()
    fireEvent.click(container.querySelector('.publish__submit')!)
    await settle()
    expect(container.textContent).toContain('请填写标题')
    expect(container.textContent).toContain('请选择栏目')
    expect(container.textContent).toContain('请填写正文')
    expect(api.publishArticle).not.toHaveBeenCalled()
    // Filling a field takes its complaint away; the others stay until they are filled too.
    await fireTaro(container.querySelector('.publish__title'), 'input', '学排八字的第一个月')
    expect(container.textContent).not.toContain('请填写标题')
    expect(container.textContent).toContain('请填写正文')
  })

  it('sends title, column, text and the uploaded pictures, then shows my articles', async () => {
    logIn()
    jest
      .mocked(chooseAndUploadImages)
      .mockResolvedValue([{ url: 'http://127.0.0.1:3000/uploads/202611/p1.png' } as never])
    api.publishArticle.mockResolvedValue({ article_id: 99, status: 'pending' })
    const { container } = await renderPage(Publish, { route: 'pages/article/publish', depth: 2 })
    await fireTaro(container.querySelector('.publish__title'), 'input', '学排八字的第一个月')
    await fireTaro(container.querySelector('.publish__content'), 'input', '从干支开始，一点点把四柱排出来。')
    await fireTaro(container.querySelector('.publish__row')!.parentElement, 'change', 1)
    await tap(container.querySelector('.publish__image--add'))
    expect(chooseAndUploadImages).toHaveBeenCalledWith(9)
    expect(container.querySelectorAll('.publish__image-img')).toHaveLength(1)
    await tap(container.querySelector('.publish__submit'))
    expect(api.publishArticle).toHaveBeenCalledWith({
      title: '学排八字的第一个月',
      content: '从干支开始，一点点把四柱排出来。',
      category_id: 2,
      images: ['http://127.0.0.1:3000/uploads/202611/p1.png']
    })
    expect(Taro.redirectTo).toHaveBeenCalledWith({ url: '/pages/article/article' })
  })

  it('a refusal from the server is shown in the form', async () => {
    logIn()
    api.publishArticle.mockRejectedValue(new Error('图片只能使用您上传的图片'))
    const { container } = await renderPage(Publish, { route: 'pages/article/publish', depth: 2 })
    await fireTaro(container.querySelector('.publish__title'), 'input', '学排八字的第一个月')
    await fireTaro(container.querySelector('.publish__content'), 'input', '从干支开始，一点点把四柱排出来。')
    await fireTaro(container.querySelector('.publish__row')!.parentElement, 'change', 0)
    await tap(container.querySelector('.publish__submit'))
    expect(container.textContent).toContain('图片只能使用您上传的图片')
    expect(Taro.redirectTo).not.toHaveBeenCalled()
  })
})
