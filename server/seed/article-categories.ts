import { and, eq, isNull } from 'drizzle-orm'

import type { Tx } from '../db/database'
import { articleCategories, articles } from '../db/schema'

const CATEGORIES = [
  { slug: 'mingli', name: '命理', sort: 1 },
  { slug: 'fengshui', name: '风水', sort: 2 },
  { slug: 'yijing', name: '周易', sort: 3 },
  { slug: 'culture', name: '民俗', sort: 4 },
  { slug: 'share', name: '学员分享', sort: 5 }
]

/** Which column each demo article stands in. */
const ARTICLE_CATEGORY: Record<string, string> = {
  'bazi-basics': 'mingli',
  'qimen-intro': 'mingli',
  'home-fengshui': 'fengshui',
  'yijing-64': 'yijing',
  'huangli-yiji': 'culture',
  'solar-terms': 'culture'
}

export async function seedArticleCategories(tx: Tx): Promise<void> {
  await tx.insert(articleCategories).values(CATEGORIES).onConflictDoNothing({ target: articleCategories.slug })
  const saved = await tx.select().from(articleCategories)
  const idOf = new Map(saved.map((c) => [c.slug, c.id]))
  for (const [slug, category] of Object.entries(ARTICLE_CATEGORY)) {
    await tx
      .update(articles)
      .set({ categoryId: idOf.get(category) })
      .where(and(eq(articles.slug, slug), isNull(articles.categoryId)))
  }
}
