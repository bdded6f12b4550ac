import type { ArticleDetailRequest, ArticleDetailResponse } from './contract'
import { request } from './http'

export const getArticleDetail = (params: ArticleDetailRequest) =>
  request<ArticleDetailResponse>({ url: '/api/article.Article/detail', data: params })
