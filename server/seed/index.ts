import { inArray, sql } from 'drizzle-orm'
import type { Db } from '../db/database'
import { articles, homeBanners, homeItems, homeNavs, homeSections, sitePages, wechatSimUsers } from '../db/schema'
import { sanitizeArticleHtml } from '../modules/article/sanitize'
import { ARTICLES, CONTRACT, SIM_USERS } from './articles'
import { seedArticleCategories } from './article-categories'
import { BANNERS, ITEMS, NAVS, SECTIONS } from './home'
import { seedCourses } from './course'

/**
 * Demo content, inserted by stable keys on every start: rows that exist are left alone (an
 * operator's edits survive), missing ones are added. One transaction: all or nothing.
 */
export async function seed(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    // Servers starting together seed one after the other (the second finds everything there).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('yixue:seed'))`)
    await tx.insert(homeBanners).values(BANNERS).onConflictDoNothing({ target: homeBanners.slug })
    await tx.insert(homeNavs).values(NAVS).onConflictDoNothing({ target: homeNavs.slug })
    await tx.insert(homeSections).values(SECTIONS).onConflictDoNothing({ target: homeSections.key })
    await tx.insert(homeItems).values(ITEMS.map((it, i) => ({ ...it, sort: i + 1 }))).onConflictDoNothing()
    await tx
      .insert(articles)
      .values(ARTICLES.map((a) => ({ ...a, content: sanitizeArticleHtml(a.content) })))
      .onConflictDoNothing({ target: articles.slug })
    await seedArticleCategories(tx)
    const saved = await tx
      .select({ id: articles.id, slug: articles.slug, title: articles.title, summary: articles.summary, cover: articles.cover })
      .from(articles)
      .where(inArray(articles.slug, ARTICLES.map((a) => a.slug)))
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
  })
}
