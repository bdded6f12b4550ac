import type { FastifyInstance, FastifyRequest } from 'fastify'

import type { ClientKind, HomeResponse } from '../../../contract'
import {
  DEFAULT_PRESET,
  FEATURE_KEYS,
  type FeaturePreset,
  isHiddenLink,
  presetHidden
} from '../../../contract/features'
import { AppError } from '../../core/envelope'
import { ExpiringValue } from '../../core/expiring-value'
import { clientKind } from '../../core/request-params'
import type { Executor } from '../../db/database'
import { clientFeatures } from '../../db/schema'

export const CLIENT_KINDS: readonly ClientKind[] = ['wxapp', 'h5', 'web']
const FEATURES_TTL_MS = 5_000
export const MSG_FEATURE_HIDDEN = '此功能不在当前版本中提供'

export interface ClientSetting {
  client: ClientKind
  preset: FeaturePreset
  hidden: string[]
  /** null until the owner saved one: the client's default preset applies. */
  updatedAt: Date | null
}

/** Each client's setting: its saved row, else its default preset; keys no longer in FEATURES are dropped. */
export async function readClientSettings(db: Executor): Promise<ClientSetting[]> {
  const rows = await db.select().from(clientFeatures)
  const known = new Set<string>(FEATURE_KEYS)
  return CLIENT_KINDS.map((client) => {
    const row = rows.find((r) => r.client === client)
    if (!row)
      return { client, preset: DEFAULT_PRESET[client], hidden: presetHidden(DEFAULT_PRESET[client]), updatedAt: null }
    return {
      client,
      preset: row.preset as FeaturePreset,
      hidden: row.hidden.filter((k) => known.has(k)),
      updatedAt: row.updatedAt
    }
  })
}

// Read on every home and gated request: kept a few seconds per database (a console edit drops it at once here;
// another server process shows it within FEATURES_TTL_MS).
const caches = new WeakMap<object, ExpiringValue<Map<ClientKind, string[]>>>()

function cacheOf(db: Executor) {
  let cache = caches.get(db)
  if (!cache) {
    cache = new ExpiringValue(async () => {
      const settings = await readClientSettings(db)
      return { value: new Map(settings.map((s) => [s.client, s.hidden])), ttlSeconds: FEATURES_TTL_MS / 1000 }
    }, 0)
    caches.set(db, cache)
  }
  return cache
}

export function forgetFeatures(db: Executor): void {
  caches.get(db)?.clear()
}

/** The feature keys hidden on the request's client. */
export async function hiddenFeatures(app: FastifyInstance, req: FastifyRequest): Promise<string[]> {
  return (await cacheOf(app.db).get()).get(clientKind(req)) ?? []
}

/** Refuses an action of a feature the request's client hides (a link kept from before, an old build). */
export async function refuseHiddenFeature(app: FastifyInstance, req: FastifyRequest, key: string): Promise<void> {
  if ((await hiddenFeatures(app, req)).includes(key)) throw new AppError(MSG_FEATURE_HIDDEN)
}

/** The home without what links to a hidden feature; a section the filter emptied goes too. */
export function homeWithout(home: HomeResponse, hidden: readonly string[]): HomeResponse {
  if (hidden.length === 0) return home
  const shown = (item: { url: string }) => !isHiddenLink(item.url, hidden)
  return {
    banners: home.banners.filter(shown),
    nav: home.nav.filter(shown),
    notices: home.notices.filter(shown),
    sections: home.sections.flatMap((section) => {
      const items = section.items.filter(shown)
      if (items.length === 0 && section.items.length > 0) return []
      return [{ ...section, items, more_url: isHiddenLink(section.more_url, hidden) ? '' : section.more_url }]
    })
  }
}
