import type { ArticleSummary } from '../../../contract'
import { assetUrl } from '../../core/asset-url'
import type { articles } from '../../db/schema'

type ArticleRow = typeof articles.$inferSelect

/** An article as lists show it. */
export function toSummary(row: ArticleRow, publicUrl: string): ArticleSummary {
  return {
    article_id: row.id,
    title: row.title,
    summary: row.summary,
    cover: row.cover ? assetUrl(publicUrl, row.cover) : '',
    author: row.author,
    category_id: row.categoryId,
    views: row.views,
    likes: row.likes,
    created_at: row.createdAt.toISOString(),
    pinned: row.pinned,
    recommended: row.recommended
  }
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** A user's plain text becomes paragraphs; their pictures follow. Nothing of theirs is read as HTML. */
export function userArticleHtml(text: string, images: string[]): string {
  const paragraphs = text
    .split(/\n+/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
  return [...paragraphs, ...images.map((src) => `<img src="${escapeHtml(src)}" alt="" />`)].join('')
}

/** The first characters of the text, for lists. */
export function summaryOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > 80 ? flat.slice(0, 80) + '…' : flat
}
