import crypto from 'node:crypto'

import { asc, count, eq } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type { AdminHomeKind, AdminHomeRow } from '../../../contract/admin'
import { findRoute } from '../../../contract/routes'
import { assetUrl } from '../../core/asset-url'
import { AppError, MSG_STALE } from '../../core/envelope'
import { idParam, intParam, optional, text } from '../../core/validate'
import { homeBanners, homeItems, homeNavs, homeNotices, homeSections } from '../../db/schema'
import { forgetHome } from '../home/index'
import { versionField } from './order-routes'
import { adminRoute, boolParam } from './route'

/** A link the app can open: an address on the web, or one of the app's pages (with its query). */
const link = text(512).refine(
  (v) => v === '' || /^https?:\/\/[^\s"'<>]+$/i.test(v) || Boolean(findRoute(v)?.live),
  '应为 http(s) 网址或小程序内页面路径，如 /pages/course/index'
)
const requiredLink = link.refine((v) => v !== '', '不能为空')
const optionalLink = link.default('')
/** An image: a web address or a path on this site (uploads, static images). */
const image = text(512, 1).regex(
  /^(https?:\/\/|\/(?!\/))[^\s"'<>]+$/i,
  '应为图片网址（http(s)://…）或以 / 开头的站内路径'
)
const sort = intParam(-100_000, 100_000).default(0)
const visible = boolParam.default(true)

const COMMON_LABELS = {
  title: '标题',
  url: '跳转链接',
  image: '图片',
  sort: '排序',
  visible: '是否显示',
  updated_at: '记录版本',
  id: '编号'
}

interface Kind {
  name: string
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a table chosen at run time: drizzle cannot type it
  table: PgTable & { id: any; sort: any; updatedAt: any }
  fields: z.ZodRawShape
  labels: Record<string, string>
  /** A stable slug the seed keys rows by; console rows get a random one. */
  slugged: boolean
}

const KINDS: Record<AdminHomeKind, Kind> = {
  banner: {
    name: '轮播图',
    table: homeBanners,
    fields: { title: text(64, 1), image, url: optionalLink },
    labels: {},
    slugged: true
  },
  nav: {
    name: '导航图标',
    table: homeNavs,
    fields: { title: text(16, 1), icon: image, url: requiredLink },
    labels: { icon: '图标' },
    slugged: true
  },
  section: {
    name: '推荐栏目',
    table: homeSections,
    fields: {
      key: z
        .string()
        .trim()
        .regex(/^[a-z][a-z0-9_]{1,31}$/, '应为 2-32 位小写字母、数字或下划线，字母开头'),
      title: text(32, 1),
      more_url: optionalLink
    },
    labels: { key: '栏目标识', more_url: '“更多”链接' },
    slugged: false
  },
  item: {
    name: '推荐内容',
    table: homeItems,
    fields: {
      section_key: text(32, 1),
      title: text(64, 1),
      subtitle: text(128).default(''),
      image: z.union([z.literal(''), image]).default(''),
      url: requiredLink,
      price_fen: z.preprocess((v) => (v === '' || v === undefined ? null : v), intParam(0, 100_000_000).nullable()),
      tag: text(16).default('')
    },
    labels: { section_key: '所属栏目', subtitle: '副标题', price_fen: '价格', tag: '标签' },
    slugged: true
  },
  notice: {
    name: '公告',
    table: homeNotices,
    fields: { title: text(64, 1), url: optionalLink },
    labels: {},
    slugged: false
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a table chosen at run time: drizzle cannot type it
type Row = Record<string, any>

const CAMEL: Record<string, string> = { more_url: 'moreUrl', section_key: 'sectionKey', price_fen: 'priceFen' }
const toColumns = (input: Row) =>
  Object.fromEntries(Object.entries(input).map(([k, v]) => [CAMEL[k] ?? k, k === 'tag' ? v || null : v]))

function rowView(kind: AdminHomeKind, r: Row, publicUrl: string): AdminHomeRow {
  const view: AdminHomeRow = {
    id: r.id,
    title: r.title,
    sort: r.sort,
    visible: r.visible,
    updated_at: r.updatedAt.toISOString()
  }
  if ('url' in r) view.url = r.url
  const img = kind === 'nav' ? r.icon : r.image
  if (img !== undefined) {
    view.image = img
    view.image_url = img ? assetUrl(publicUrl, img) : ''
  }
  if (kind === 'section') Object.assign(view, { key: r.key, more_url: r.moreUrl })
  if (kind === 'item')
    Object.assign(view, { section_key: r.sectionKey, subtitle: r.subtitle, price_fen: r.priceFen, tag: r.tag })
  return view
}

/** What the audit keeps of a row: its editable fields. */
function snapshot(r: Row | undefined) {
  if (!r) return undefined
  const { id: _id, slug: _slug, updatedAt: _u, createdAt: _c, ...fields } = r
  return fields
}

/**
 * The home screen's tables (what /api/index/index serves): banners, nav icons, recommended sections
 * and their items, notices. Every write drops the home cache so the app shows it at once.
 */
export default async function homeRoutes(app: FastifyInstance): Promise<void> {
  const edit = { permission: 'home.edit' as const }

  for (const [kind, k] of Object.entries(KINDS) as [AdminHomeKind, Kind][]) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a table chosen at run time: drizzle cannot type it
    const t = k.table as any
    const labels = { ...COMMON_LABELS, ...k.labels }

    adminRoute(
      app,
      {
        method: 'GET',
        path: `/home/${kind}/lists`,
        input: z.object(kind === 'item' ? { section_key: optional(text(32)) } : {}),
        ...edit
      },
      async ({ input }) => {
        const sectionKey = (input as { section_key?: string }).section_key
        const rows: Row[] = await app.db
          .select()
          .from(t)
          .where(kind === 'item' && sectionKey ? eq(homeItems.sectionKey, sectionKey) : undefined)
          .orderBy(asc(t.sort), asc(t.id))
        return { list: rows.map((r) => rowView(kind, r, app.config.publicUrl)) }
      }
    )

    adminRoute(
      app,
      {
        method: 'POST',
        path: `/home/${kind}/save`,
        input: z.object({ id: optional(idParam()), updated_at: optional(versionField), ...k.fields, sort, visible }),
        ...edit,
        labels
      },
      async ({ input, audit }) => {
        const { id, updated_at, ...fields } = input as Row
        const saved = await app.db.transaction(async (tx) => {
          if (kind === 'item') {
            const [section] = await tx
              .select({ id: homeSections.id })
              .from(homeSections)
              .where(eq(homeSections.key, fields.section_key))
              .limit(1)
            if (!section) throw new AppError('所属栏目不存在')
          }
          let before: Row | undefined
          let after: Row
          if (id) {
            ;[before] = await tx.select().from(t).where(eq(t.id, id)).for('update').limit(1)
            if (!before) throw new AppError(`${k.name}不存在或已删除`)
            if (before.updatedAt.toISOString() !== updated_at) throw new AppError(MSG_STALE)
            // A section's key ties its items to it: it is fixed once made.
            if (kind === 'section' && fields.key !== before.key) throw new AppError('栏目标识创建后不能修改')
            ;[after] = await tx
              .update(t)
              .set({ ...toColumns(fields), updatedAt: new Date() })
              .where(eq(t.id, id))
              .returning()
          } else {
            const extra = k.slugged ? { slug: `op-${crypto.randomUUID().slice(0, 18)}` } : {}
            const inserted = (await tx
              .insert(t)
              .values({ ...toColumns(fields), ...extra })
              .onConflictDoNothing()
              .returning()) as Row[]
            if (!inserted.length)
              throw new AppError(kind === 'section' ? `栏目标识 ${fields.key} 已存在` : `${k.name}保存失败，请重试`)
            after = inserted[0]
          }
          await audit(
            {
              action: `home.${kind}.${id ? 'edit' : 'add'}`,
              targetType: `home_${kind}`,
              targetId: after.id,
              before: snapshot(before),
              after: snapshot(after)
            },
            tx
          )
          return after
        })
        forgetHome(app.db)
        return rowView(kind, saved, app.config.publicUrl)
      }
    )

    adminRoute(
      app,
      {
        method: 'POST',
        path: `/home/${kind}/delete`,
        input: z.object({ id: idParam(), updated_at: versionField }),
        ...edit,
        labels
      },
      async ({ input, audit }) => {
        await app.db.transaction(async (tx) => {
          const [before]: Row[] = await tx.select().from(t).where(eq(t.id, input.id)).for('update').limit(1)
          if (!before) throw new AppError(`${k.name}不存在或已删除`)
          if (before.updatedAt.toISOString() !== input.updated_at) throw new AppError(MSG_STALE)
          if (kind === 'section') {
            const [{ n }] = await tx.select({ n: count() }).from(homeItems).where(eq(homeItems.sectionKey, before.key))
            if (n > 0) throw new AppError(`该栏目下还有 ${n} 条推荐内容，请先删除或移到其他栏目`)
          }
          await tx.delete(t).where(eq(t.id, input.id))
          await audit(
            { action: `home.${kind}.delete`, targetType: `home_${kind}`, targetId: input.id, before: snapshot(before) },
            tx
          )
        })
        forgetHome(app.db)
        return {}
      }
    )
  }
}
