import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type {
  CatalogueResponse,
  ContractResponse,
  FeaturesResponse,
  HomeResponse,
  NavResponse,
  RuntimeConfig,
  TextPageResponse
} from '../../../contract'
import { CATALOGUES } from '../../../contract/catalogues'
import { isHiddenLink } from '../../../contract/features'
import { LOCALES } from '../../../contract/locale'
import { AppError } from '../../core/envelope'
import { ExpiringValue } from '../../core/expiring-value'
import { scheduleRateLimitSweep, withinIpLimit } from '../../core/rate-limit'
import { clientIp, paramsOf } from '../../core/request-params'
import { optionalUserId, publicRoute } from '../../core/route'
import { text } from '../../core/validate'
import { pageViews, sitePages } from '../../db/schema'
import { outputHtml } from '../article/sanitize'
import { hiddenFeatures, homeWithout } from './features'
import { listBanners, listNav, listNotices, listSections } from './queries'

const WECHAT_OAUTH_AUTHORIZE = 'https://open.weixin.qq.com/connect/oauth2/authorize'
const APP_VERSION = '1.0.0'
const none = z.object({})
const CLIENTS = new Set(['h5', 'web', 'wxapp'])
const HOME_TTL_MS = 5_000

// The home cache of each app, by its database: the console's edits drop it (each server process
// keeps its own; another process shows an edit within HOME_TTL_MS).
const homeCaches = new WeakMap<object, ExpiringValue<HomeResponse>>()

/** Drops the cached home screen so the next read shows an operator's edit at once. */
export function forgetHome(db: object): void {
  homeCaches.get(db)?.clear()
}

/** The home screen as GET /api/index/index answers it (undefined before the module is registered). */
export function readHome(db: object): Promise<HomeResponse> | undefined {
  return homeCaches.get(db)?.get()
}

export default async function homeModule(app: FastifyInstance): Promise<void> {
  publicRoute(app, { method: 'GET', path: '/index/config', input: none }, async (): Promise<RuntimeConfig> => {
    const { config } = app
    const simulated = config.wechat.provider === 'simulator'
    return {
      wechat_app_id: config.wechat.appId,
      oauth_authorize_url: simulated ? `${config.publicUrl}/api/wechat.simulator/authorize` : WECHAT_OAUTH_AUTHORIZE,
      h5_url: `${config.publicUrl}/`,
      map_key: config.mapKey,
      version: APP_VERSION,
      web_view_hosts: config.webViewHosts
    }
  })

  publicRoute(app, { method: 'GET', path: '/index/nav', input: none }, async ({ req }): Promise<NavResponse> => {
    const hidden = await hiddenFeatures(app, req)
    return { list: (await listNav(app.db, app.config.publicUrl)).filter((item) => !isHiddenLink(item.url, hidden)) }
  })

  // What this client hides (渠道功能): the app gates its pages, links and shares by it.
  publicRoute(
    app,
    { method: 'GET', path: '/index/features', input: none },
    async ({ req }): Promise<FeaturesResponse> => ({
      hidden: await hiddenFeatures(app, req)
    })
  )

  // The home screen is the same for everyone and the busiest read: kept for a few seconds, so a burst
  // of visitors costs one read of its tables (an edit shows within HOME_TTL_MS).
  const home = new ExpiringValue<HomeResponse>(async () => {
    const url = app.config.publicUrl
    const [banners, nav, sections, notices] = await Promise.all([
      listBanners(app.db, url),
      listNav(app.db, url),
      listSections(app.db, url),
      listNotices(app.db)
    ])
    return { value: { banners, nav, sections, notices }, ttlSeconds: HOME_TTL_MS / 1000 }
  }, 0)
  homeCaches.set(app.db, home)
  publicRoute(app, { method: 'GET', path: '/index/index', input: none }, async ({ req }): Promise<HomeResponse> =>
    homeWithout(await home.get(), await hiddenFeatures(app, req))
  )

  // The app's strings in one locale: the mini-program's main package carries only zh-Hans (docs/i18n.md).
  publicRoute(
    app,
    { method: 'GET', path: '/index/catalogue', input: z.object({ locale: z.enum(LOCALES) }) },
    async ({ input }): Promise<CatalogueResponse> => CATALOGUES[input.locale]
  )

  publicRoute(app, { method: 'GET', path: '/index/contract', input: none }, async (): Promise<ContractResponse> => {
    const [page] = await app.db.select().from(sitePages).where(eq(sitePages.key, 'contract')).limit(1)
    if (!page) throw new AppError('协议内容暂未发布')
    return { title: page.title, content: outputHtml(page.content) }
  })

  publicRoute(
    app,
    { method: 'GET', path: '/index/text', input: z.object({ key: text(32, 1).regex(/^[\w-]+$/) }) },
    async ({ input }): Promise<TextPageResponse> => {
      const [page] = await app.db.select().from(sitePages).where(eq(sitePages.key, input.key)).limit(1)
      if (!page) throw new AppError('页面不存在或已下线')
      return {
        key: page.key,
        title: page.title,
        content: outputHtml(page.content),
        updated_at: page.updatedAt.toISOString()
      }
    }
  )

  scheduleRateLimitSweep(app)

  publicRoute(
    app,
    { method: 'POST', path: '/index/pageView', input: z.object({ path: text(512, 1) }) },
    async ({ input, req }) => {
      // Past the address's limit the view is not recorded; the page must not show an error for it.
      if (!(await withinIpLimit(app.db, req, 'pageView', app.config.publicWriteIpLimit))) return {}
      const client = String(paramsOf(req).client ?? '')
      await app.db.insert(pageViews).values({
        path: input.path,
        userId: (await optionalUserId(app, req)) ?? null,
        client: CLIENTS.has(client) ? client : '',
        ip: clientIp(req).slice(0, 64)
      })
      return {}
    }
  )
}
