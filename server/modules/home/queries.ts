import { asc, desc, eq } from 'drizzle-orm'

import type { Banner, HomeItem, HomeNotice, HomeSection, NavItem } from '../../../contract'
import { assetUrl } from '../../core/asset-url'
import type { Executor } from '../../db/database'
import { homeBanners, homeItems, homeNavs, homeNotices, homeSections } from '../../db/schema'

export async function listNav(db: Executor, publicUrl: string): Promise<NavItem[]> {
  const rows = await db
    .select({ id: homeNavs.id, title: homeNavs.title, icon: homeNavs.icon, url: homeNavs.url })
    .from(homeNavs)
    .where(eq(homeNavs.visible, true))
    .orderBy(asc(homeNavs.sort), asc(homeNavs.id))
  return rows.map((r) => ({ ...r, icon: assetUrl(publicUrl, r.icon) }))
}

export async function listBanners(db: Executor, publicUrl: string): Promise<Banner[]> {
  const rows = await db
    .select({ id: homeBanners.id, title: homeBanners.title, image: homeBanners.image, url: homeBanners.url })
    .from(homeBanners)
    .where(eq(homeBanners.visible, true))
    .orderBy(asc(homeBanners.sort), asc(homeBanners.id))
  return rows.map((r) => ({ ...r, image: assetUrl(publicUrl, r.image) }))
}

export async function listSections(db: Executor, publicUrl: string): Promise<HomeSection[]> {
  const [sections, items] = await Promise.all([
    db
      .select()
      .from(homeSections)
      .where(eq(homeSections.visible, true))
      .orderBy(asc(homeSections.sort), asc(homeSections.id)),
    db.select().from(homeItems).where(eq(homeItems.visible, true)).orderBy(asc(homeItems.sort), asc(homeItems.id))
  ])
  const bySection = new Map<string, HomeItem[]>()
  for (const it of items) {
    const item: HomeItem = {
      id: it.id,
      title: it.title,
      subtitle: it.subtitle,
      image: assetUrl(publicUrl, it.image),
      url: it.url
    }
    if (it.priceFen !== null) item.price = it.priceFen
    if (it.tag) item.tag = it.tag
    const list = bySection.get(it.sectionKey) ?? []
    list.push(item)
    bySection.set(it.sectionKey, list)
  }
  return sections.map((s) => ({ key: s.key, title: s.title, more_url: s.moreUrl, items: bySection.get(s.key) ?? [] }))
}

export async function listNotices(db: Executor): Promise<HomeNotice[]> {
  return db
    .select({ id: homeNotices.id, title: homeNotices.title, url: homeNotices.url })
    .from(homeNotices)
    .where(eq(homeNotices.visible, true))
    .orderBy(asc(homeNotices.sort), desc(homeNotices.id))
}
