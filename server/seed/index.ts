import { eq, inArray, sql } from 'drizzle-orm'

import type { Db, Tx } from '../db/database'
import {
  appMeta,
  articles,
  courses,
  homeBanners,
  homeItems,
  homeNavs,
  homeSections,
  shopGoods,
  sitePages,
  users,
  wechatSimUsers
} from '../db/schema'
import { sanitizeArticleHtml } from '../modules/article/sanitize'
import { seedArticleCategories } from './article-categories'
import { ARTICLES, CONTRACT, SIM_USERS } from './articles'
import { seedCourses } from './course'
import { BANNERS, ITEMS, NAVS, SECTIONS } from './home'

export const DEMO_DATA_KEY = 'demo_data'
// Any fixed number: processes starting together against one PostgreSQL take turns.
const DEMO_LOCK_KEY = 7_310_002

/** Tables whose rows mean the database is in use (an operator's or a user's data). */
const IN_USE = [users, shopGoods, courses, articles, homeBanners]

export type DemoDataOutcome = 'loaded' | 'already-decided' | 'not-empty'

/**
 * Loads the demo content once, into an empty database, and records that in `app_meta`; later
 * starts never insert it again, so a row an operator deleted or edited stays as they left it. A
 * database already in use is recorded as such and left untouched. One transaction: all or nothing.
 * The demo's counters (sales, students, applicants, members, seats taken) start at their real count, 0.
 */
export async function loadDemoData(db: Db): Promise<DemoDataOutcome> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_LOCK_KEY})`)
    const [decided] = await tx.select().from(appMeta).where(eq(appMeta.key, DEMO_DATA_KEY))
    if (decided) return 'already-decided'
    for (const table of IN_USE) {
      const [row] = await tx
        .select({ one: sql`1` })
        .from(table)
        .limit(1)
      if (row) {
        await tx.insert(appMeta).values({ key: DEMO_DATA_KEY, value: 'skipped: database not empty' })
        return 'not-empty'
      }
    }
    await insertDemoContent(tx)
    await tx.insert(appMeta).values({ key: DEMO_DATA_KEY, value: `loaded ${new Date().toISOString()}` })
    return 'loaded'
  })
}

async function insertDemoContent(tx: Tx): Promise<void> {
  await tx.insert(homeBanners).values(BANNERS).onConflictDoNothing({ target: homeBanners.slug })
  await tx.insert(homeNavs).values(NAVS).onConflictDoNothing({ target: homeNavs.slug })
  await tx.insert(homeSections).values(SECTIONS).onConflictDoNothing({ target: homeSections.key })
  await tx
    .insert(homeItems)
    .values(ITEMS.map((it, i) => ({ ...it, sort: i + 1 })))
    .onConflictDoNothing()
  await tx
    .insert(articles)
    .values(ARTICLES.map((a) => ({ ...a, content: sanitizeArticleHtml(a.content) })))
    .onConflictDoNothing({ target: articles.slug })
  await seedArticleCategories(tx)
  const saved = await tx
    .select({
      id: articles.id,
      slug: articles.slug,
      title: articles.title,
      summary: articles.summary,
      cover: articles.cover
    })
    .from(articles)
    .where(
      inArray(
        articles.slug,
        ARTICLES.map((a) => a.slug)
      )
    )
  const order = new Map(ARTICLES.map((a, i) => [a.slug, i]))
  const articleItems = saved
    .sort((a, b) => (order.get(a.slug!) ?? 0) - (order.get(b.slug!) ?? 0))
    .slice(0, 4)
    .map((a, i) => ({
      sectionKey: 'articles',
      slug: `article-${a.slug}`,
      title: a.title,
      subtitle: a.summary.slice(0, 60),
      image: a.cover,
      url: `/pages/article/detail?article_id=${a.id}`,
      sort: i + 1
    }))
  if (articleItems.length) await tx.insert(homeItems).values(articleItems).onConflictDoNothing()
  await tx
    .insert(sitePages)
    .values({ key: 'contract', title: CONTRACT.title, content: sanitizeArticleHtml(CONTRACT.content) })
    .onConflictDoNothing({ target: sitePages.key })
  await tx.insert(wechatSimUsers).values(SIM_USERS).onConflictDoNothing({ target: wechatSimUsers.openid })
  await (await import('./tools')).seedTools(tx)
  await (await import('./wallet')).seedWallet(tx)
  await seedCourses(tx)
  await (await import('./shop')).seedShop(tx)
  await (await import('./activity')).seedActivities(tx)
  await (await import('./certificate')).seedCertificates(tx)
  await (await import('./association')).seedAssociation(tx)
  await (await import('./exam')).seedExams(tx)
  await (await import('./teacher')).seedTeachers(tx)
  await (await import('./service')).seedServices(tx)
}
