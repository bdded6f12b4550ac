import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar
} from 'drizzle-orm/pg-core'

// Every seeded row has a stable slug so seeding can run on every start without duplicating.

export const homeBanners = pgTable(
  'home_banners',
  {
    id: serial('id').primaryKey(),
    slug: varchar('slug', { length: 64 }).notNull(),
    title: varchar('title', { length: 64 }).notNull(),
    image: varchar('image', { length: 512 }).notNull(),
    url: varchar('url', { length: 512 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    visible: boolean('visible').notNull().default(true),
    // The version a console edit carries (two operators saving the same row).
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [uniqueIndex('home_banners_slug_uq').on(t.slug)]
)

export const homeNavs = pgTable(
  'home_navs',
  {
    id: serial('id').primaryKey(),
    slug: varchar('slug', { length: 64 }).notNull(),
    title: varchar('title', { length: 16 }).notNull(),
    icon: varchar('icon', { length: 512 }).notNull(),
    url: varchar('url', { length: 512 }).notNull(),
    sort: integer('sort').notNull().default(0),
    visible: boolean('visible').notNull().default(true),
    // The version a console edit carries (two operators saving the same row).
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [uniqueIndex('home_navs_slug_uq').on(t.slug)]
)

export const homeSections = pgTable(
  'home_sections',
  {
    id: serial('id').primaryKey(),
    key: varchar('key', { length: 32 }).notNull(),
    title: varchar('title', { length: 32 }).notNull(),
    moreUrl: varchar('more_url', { length: 512 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    visible: boolean('visible').notNull().default(true),
    // The version a console edit carries (two operators saving the same row).
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [uniqueIndex('home_sections_key_uq').on(t.key)]
)

export const homeItems = pgTable(
  'home_items',
  {
    id: serial('id').primaryKey(),
    sectionKey: varchar('section_key', { length: 32 }).notNull(),
    slug: varchar('slug', { length: 64 }).notNull(),
    title: varchar('title', { length: 64 }).notNull(),
    subtitle: varchar('subtitle', { length: 128 }).notNull().default(''),
    image: varchar('image', { length: 512 }).notNull().default(''),
    url: varchar('url', { length: 512 }).notNull(),
    priceFen: integer('price_fen'),
    tag: varchar('tag', { length: 16 }),
    sort: integer('sort').notNull().default(0),
    visible: boolean('visible').notNull().default(true),
    // The version a console edit carries (two operators saving the same row).
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    uniqueIndex('home_items_section_slug_uq').on(t.sectionKey, t.slug),
    index('home_items_section_idx').on(t.sectionKey, t.sort)
  ]
)

/** 公告: short notices on the home screen, newest sort first; a url makes one tappable. */
export const homeNotices = pgTable(
  'home_notices',
  {
    id: serial('id').primaryKey(),
    title: varchar('title', { length: 64 }).notNull(),
    url: varchar('url', { length: 512 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    visible: boolean('visible').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [index('home_notices_sort_idx').on(t.sort, t.id)]
)

/** Content is stored already sanitized: it is rendered as HTML by the client. */
export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    slug: varchar('slug', { length: 64 }),
    title: varchar('title', { length: 128 }).notNull(),
    summary: varchar('summary', { length: 512 }).notNull().default(''),
    cover: varchar('cover', { length: 512 }).notNull().default(''),
    author: varchar('author', { length: 32 }).notNull().default(''),
    content: text('content').notNull(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    categoryId: integer('category_id'),
    /** The user who published it; null for the editors' articles. */
    userId: integer('user_id'),
    /** User articles start 'pending' and are shown once an operator sets 'published'. */
    status: varchar('status', { length: 16 }).notNull().default('published'),
    rejectReason: varchar('reject_reason', { length: 128 }).notNull().default(''),
    views: integer('views').notNull().default(0),
    likes: integer('likes').notNull().default(0),
    visible: boolean('visible').notNull().default(true),
    /** 置顶: first in the app's lists. */
    pinned: boolean('pinned').notNull().default(false),
    /** 推荐: marked in the lists and offered by the recommended filter. */
    recommended: boolean('recommended').notNull().default(false),
    /** Raised on every console edit: a save carrying an older version is refused. */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [
    uniqueIndex('articles_slug_uq').on(t.slug),
    index('articles_list_idx').on(t.status, t.categoryId, t.createdAt),
    index('articles_user_idx').on(t.userId, t.createdAt)
  ]
)

export const articleCategories = pgTable(
  'article_categories',
  {
    id: serial('id').primaryKey(),
    slug: varchar('slug', { length: 32 }).notNull(),
    name: varchar('name', { length: 16 }).notNull(),
    sort: integer('sort').notNull().default(0),
    /** Raised on every console edit: a save carrying an older version is refused. */
    version: integer('version').notNull().default(1)
  },
  (t) => [uniqueIndex('article_categories_slug_uq').on(t.slug)]
)

/** One like per user and article: the unique index makes a double tap count once. */
export const articleLikes = pgTable(
  'article_likes',
  {
    articleId: integer('article_id').notNull(),
    userId: integer('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [uniqueIndex('article_likes_uq').on(t.articleId, t.userId)]
)

/** Fixed text pages such as the user agreement (key 'contract'). */
export const sitePages = pgTable(
  'site_pages',
  {
    id: serial('id').primaryKey(),
    key: varchar('key', { length: 32 }).notNull(),
    title: varchar('title', { length: 64 }).notNull(),
    content: text('content').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow()
  },
  (t) => [uniqueIndex('site_pages_key_uq').on(t.key)]
)
