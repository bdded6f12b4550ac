import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

import type { AdminChannelFeatures, AdminClientFeatures } from '../../../contract/admin'
import { FEATURE_KEYS, presetHidden } from '../../../contract/features'
import { AppError, MSG_STALE } from '../../core/envelope'
import type { Executor } from '../../db/database'
import { adminAuditLogs, clientFeatures } from '../../db/schema'
import { CLIENT_KINDS, type ClientSetting, forgetFeatures, readClientSettings } from '../home/features'
import { forgetHome } from '../home/index'
import { auditPage } from './audit-routes'
import { versionField } from './order-routes'
import { adminPaging, adminRoute } from './route'

const KEYS = FEATURE_KEYS as [string, ...string[]]
const view = (s: ClientSetting): AdminClientFeatures => ({
  client: s.client,
  preset: s.preset,
  hidden: s.hidden,
  updated_at: s.updatedAt?.toISOString() ?? null
})

async function settingOf(db: Executor, client: string): Promise<ClientSetting> {
  return (await readClientSettings(db)).find((s) => s.client === client)!
}

/** 渠道功能: which features each client shows (contract/features.ts), set by the owner, every change audited. */
export default async function channelRoutes(app: FastifyInstance): Promise<void> {
  adminRoute(
    app,
    { method: 'GET', path: '/channel/features', input: z.object({}), permission: 'channel.edit' },
    async (): Promise<AdminChannelFeatures> => ({ clients: (await readClientSettings(app.db)).map(view) })
  )

  adminRoute(
    app,
    {
      method: 'POST',
      path: '/channel/save',
      input: z.object({
        client: z.enum(CLIENT_KINDS as [string, ...string[]]),
        preset: z.enum(['all', 'compliant', 'custom']),
        hidden: z.array(z.enum(KEYS, { message: '含有未知的功能' })).max(KEYS.length),
        updated_at: z.preprocess((v) => (v === '' ? null : v), versionField.nullable())
      }),
      permission: 'channel.edit',
      labels: { client: '渠道', preset: '方案', hidden: '隐藏的功能', updated_at: '记录版本' }
    },
    async ({ input, audit }): Promise<AdminClientFeatures> => {
      // A preset's list is the preset's, whatever was sent beside it: the screen and the server cannot disagree.
      const hidden = input.preset === 'custom' ? [...new Set(input.hidden)] : presetHidden(input.preset)
      const saved = await app.db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(clientFeatures)
          .where(eq(clientFeatures.client, input.client))
          .for('update')
        if ((row?.updatedAt.toISOString() ?? null) !== input.updated_at) throw new AppError(MSG_STALE)
        const before = view(await settingOf(tx, input.client))
        const values = { client: input.client, preset: input.preset, hidden, updatedAt: new Date() }
        await tx
          .insert(clientFeatures)
          .values(values)
          .onConflictDoUpdate({ target: clientFeatures.client, set: values })
        const after = view(await settingOf(tx, input.client))
        await audit(
          {
            action: 'channel.save',
            targetType: 'client_features',
            targetId: input.client,
            before: { preset: before.preset, hidden: before.hidden },
            after: { preset: after.preset, hidden: after.hidden }
          },
          tx
        )
        return after
      })
      forgetFeatures(app.db)
      forgetHome(app.db)
      return saved
    }
  )

  adminRoute(
    app,
    { method: 'GET', path: '/channel/history', input: z.object(adminPaging), permission: 'channel.edit' },
    async ({ input }) => auditPage(app.db, eq(adminAuditLogs.targetType, 'client_features'), input.page, input.per_page)
  )
}
