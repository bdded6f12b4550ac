import type {
  ArticleCategoriesResponse,
  ArticleDetailRequest,
  ArticleDetailResponse,
  ArticleLikeResponse,
  ArticleListRequest,
  ArticleListResponse,
  ArticlePublishRequest,
  ArticlePublishResponse,
  MyArticlesResponse,
  PageParams
} from '@contract'

import { request } from './http'

export const getArticleDetail = (params: ArticleDetailRequest) =>
  request<ArticleDetailResponse>({ url: '/api/article.Article/detail', data: params })

export const getArticleCategories = () =>
  request<ArticleCategoriesResponse>({ url: '/api/article.category/lists', showLoading: false })

export const getArticles = (params: ArticleListRequest) =>
  request<ArticleListResponse>({ url: '/api/article.Article/lists', data: params, showLoading: false })

export const getMyArticles = (params: PageParams) =>
  request<MyArticlesResponse>({ url: '/api/article.Article/mine', data: params, showLoading: false })

export const likeArticle = (articleId: number) =>
  request<ArticleLikeResponse>({
    url: '/api/article.Article/like',
    method: 'POST',
    data: { article_id: articleId },
    showLoading: false
  })

export const publishArticle = (data: ArticlePublishRequest) =>
  request<ArticlePublishResponse>({ url: '/api/article.Article/publish', method: 'POST', data })
