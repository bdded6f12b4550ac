import { eq, inArray, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type { AdminBusinessSetting, AdminBusinessSettings } from '../../../contract/admin'
import { AppError, MSG_STALE } from '../../core/envelope'
import type { Executor } from '../../db/database'
import { adminAuditLogs, businessSettings } from '../../db/schema'
import { refundPolicyText } from '../course/refund'
import {
  BUSINESS_SETTINGS,
  type BusinessSettingKey,
  type BusinessSettingValues,
  businessSettingValues,
  saveBusinessSettings
} from '../settings'
import { auditPage } from './audit-routes'
import { versionField } from './order-routes'
import { adminPaging, adminRoute } from './route'

const KEYS = Object.keys(BUSINESS_SETTINGS) as BusinessSettingKey[]

/** A field's name in a message: its label without the unit in brackets (售后期（天） -> 售后期). */
const fieldName = (key: BusinessSettingKey) => BUSINESS_SETTINGS[key].label.replace(/（[^）]*）$/, '')

/** null (or '') when nothing was saved yet. */
const versionOrNew = z.preprocess((v) => (v === '' ? null : v), versionField.nullable())

/**
 * Each rule's own schema, given or left out (a save may change some rules); a number may come as its digits, a
 * text is trimmed, and an empty text clears it.
 */
function ruleInput(key: BusinessSettingKey) {
  const schema = BUSINESS_SETTINGS[key].schema
  return z.preprocess(
    (v) => (typeof v === 'string' ? (/^-?\d+$/.test(v.trim()) && schema.type === 'number' ? Number(v) : v.trim()) : v),
    schema.optional()
  )
}

const saveInput = z.object({
  ...(Object.fromEntries(KEYS.map((k) => [k, ruleInput(k)])) as Record<
    BusinessSettingKey,
    ReturnType<typeof ruleInput>
  >),
  updated_at: versionOrNew
})

const LABELS = { ...Object.fromEntries(KEYS.map((k) => [k, fieldName(k)])), updated_at: '记录版本' }

/** The settings' version: when any of them was last saved, null before the first save. */
async function versionOf(db: Executor): Promise<string | null> {
  const [row] = await db
    .select({ at: sql<string | null>`max(${businessSettings.updatedAt})` })
    .from(businessSettings)
    .where(inArray(businessSettings.key, KEYS))
  return row?.at ? new Date(row.at).toISOString() : null
}

function settingView(key: BusinessSettingKey, value: BusinessSettingValues[BusinessSettingKey]): AdminBusinessSetting {
  const def = BUSINESS_SETTINGS[key]
  const isText = def.schema.type === 'string'
  const bounds = def.schema as { minValue?: number | null; maxValue?: number | null; maxLength?: number | null }
  return {
    key,
    label: def.label,
    help: def.help,
    type: isText ? 'text' : 'int',
    min: isText ? null : (bounds.minValue ?? null),
    max: (isText ? bounds.maxLength : bounds.maxValue) ?? 0,
    value,
    default: def.default
  }
}

async function settingsView(db: Executor): Promise<AdminBusinessSettings> {
  const values = await businessSettingValues(db, KEYS)
  return {
    settings: KEYS.map((k) => settingView(k, values[k])),
    course_refund_policy: refundPolicyText({
      days: values.course_refund_days,
      maxProgress: values.course_refund_max_progress
    }),
    updated_at: await versionOf(db)
  }
}

/** 业务设置: the owner's business rules (server/modules/settings), each saved on the version read, every change audited. */
export default async function settingsRoutes(app: FastifyInstance): Promise<void> {
  const permission = 'settings.business' as const

  adminRoute(app, { method: 'GET', path: '/settings/business', input: z.object({}), permission }, () =>
    settingsView(app.db)
  )

  adminRoute(
    app,
    { method: 'POST', path: '/settings/business', input: saveInput, permission, labels: LABELS },
    async ({ input, audit }) => {
      const { updated_at: version, ...given } = input
      const values = Object.fromEntries(
        Object.entries(given).filter(([, v]) => v !== undefined)
      ) as Partial<BusinessSettingValues>
      if (!Object.keys(values).length) throw new AppError('请填写要保存的设置')
      return app.db.transaction(async (tx) => {
        // Rows may not exist yet, so a row lock cannot order two first saves: one lock for the whole set does.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('business-settings'))`)
        if ((await versionOf(tx)) !== version) throw new AppError(MSG_STALE)
        const before = await businessSettingValues(tx, KEYS)
        const changed = (Object.keys(values) as BusinessSettingKey[]).filter((k) => values[k] !== before[k])
        if (!changed.length) return settingsView(tx)
        const changes = Object.fromEntries(changed.map((k) => [k, values[k]])) as Partial<BusinessSettingValues>
        await saveBusinessSettings(tx, changes)
        await audit(
          {
            action: 'settings.business',
            targetType: 'business_setting',
            targetId: changed.join(','),
            before: Object.fromEntries(changed.map((k) => [k, before[k]])),
            after: changes
          },
          tx
        )
        return settingsView(tx)
      })
    }
  )

  // The settings' history is their audit rows: who changed what, when, before and after.
  adminRoute(
    app,
    { method: 'GET', path: '/settings/business/history', input: z.object(adminPaging), permission },
    ({ input }) => auditPage(app.db, eq(adminAuditLogs.targetType, 'business_setting'), input.page, input.per_page)
  )
}
