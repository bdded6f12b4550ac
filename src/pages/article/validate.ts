/** What the publish form checks before sending (the server checks the same again). */
export interface ArticleDraft {
  title: string
  content: string
  category_id: number
  images: string[]
}

export type ArticleErrors = Partial<Record<'title' | 'content' | 'category_id' | 'form', string>>

export function validateArticle(draft: ArticleDraft): ArticleErrors {
  const errors: ArticleErrors = {}
  const title = draft.title.trim()
  const content = draft.content.trim()
  if (!title) errors.title = '请填写标题'
  else if (title.length < 4 || title.length > 40) errors.title = '标题需 4-40 个字'
  if (!draft.category_id) errors.category_id = '请选择栏目'
  if (!content) errors.content = '请填写正文'
  else if (content.length < 10) errors.content = '正文至少 10 个字'
  else if (content.length > 5000) errors.content = '正文不能超过 5000 字'
  return errors
}
