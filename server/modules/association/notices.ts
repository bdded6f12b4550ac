import { eq } from 'drizzle-orm'

import type { Tx } from '../../db/database'
import { associations, type membershipApplications } from '../../db/schema'
import type { Notifier } from '../notify/notifier'

// An application goes to review once and is decided once: its id keys both messages.

type Application = typeof membershipApplications.$inferSelect

/** The full application's page (its dues, review and member card); the quick one has its own. */
export const MY_MEMBERSHIP = 'pages/my/union'
const pageOf = (a: Application) => (a.kind === 'easy' ? 'pages/my/easyApply' : MY_MEMBERSHIP)

async function nameOf(tx: Tx, associationId: number): Promise<string> {
  const [a] = await tx
    .select({ name: associations.name })
    .from(associations)
    .where(eq(associations.id, associationId))
    .limit(1)
  return a?.name ?? ''
}

/** Under review (its dues paid, or none due): the reviewers' queue. */
export async function tellApplied(tx: Tx, notify: Notifier, a: Application): Promise<void> {
  await notify.toOperators(tx, 'op.membership.applied', {
    key: a.id,
    fields: { association: await nameOf(tx, a.associationId), user: a.name },
    link: '/memberships'
  })
}

/** The review's result, with the reviewer's reason for a rejection. */
export async function tellDecided(tx: Tx, notify: Notifier, a: Application): Promise<void> {
  await notify.toUsers(tx, 'membership.decided', a.userId, {
    key: a.id,
    fields: {
      association: await nameOf(tx, a.associationId),
      result: a.status === 'approved' ? '已通过' : '未通过',
      reason: a.reviewNote
    },
    link: pageOf(a)
  })
}
