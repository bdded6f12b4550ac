import type { Paged, PageParams } from '.'

/** GET /api/article.category/lists */
export interface ArticleCategory {
  category_id: number
  name: string
}
export interface ArticleCategoriesResponse {
  list: ArticleCategory[]
}

/**
 * GET /api/article.Article/lists: published articles, pinned ones first, then newest first;
 * category_id 0 or absent = all; recommended 1 = only the editors' recommendations.
 */
export interface ArticleListRequest extends PageParams {
  category_id?: number
  recommended?: 0 | 1
}

export interface ArticleSummary {
  article_id: number
  title: string
  summary: string
  cover: string
  author: string
  category_id: number | null
  views: number
  likes: number
  created_at: string
  /** 置顶 and 推荐, set in the console. */
  pinned: boolean
  recommended: boolean
}
export type ArticleListResponse = Paged<ArticleSummary>

/** POST /api/article.Article/like: toggles the user's like. */
export interface ArticleLikeRequest {
  article_id: number
}
export interface ArticleLikeResponse {
  liked: boolean
  likes: number
}

/** POST /api/article.Article/publish: plain text (paragraphs by line), up to 9 uploaded images. */
export interface ArticlePublishRequest {
  title: string
  content: string
  category_id: number
  images?: string[]
}
export interface ArticlePublishResponse {
  article_id: number
  status: ArticleStatus
}

export type ArticleStatus = 'pending' | 'published' | 'rejected'

/** GET /api/article.Article/mine: what I published, with its review status. */
export interface MyArticle extends ArticleSummary {
  status: ArticleStatus
  reject_reason: string
}
export type MyArticlesResponse = Paged<MyArticle>
