import { eq } from 'drizzle-orm'

import type { Tx } from '../../db/database'
import { type certificateApplications, certificates } from '../../db/schema'
import type { Notifier } from '../notify/notifier'

// An application goes to review once and is decided once: its id keys both messages.

type Application = typeof certificateApplications.$inferSelect

/** The applicant's registrations in the app. */
export const MY_CERTIFICATES = 'pages/my/certificate'

async function titleOf(tx: Tx, certificateId: number): Promise<string> {
  const [c] = await tx
    .select({ title: certificates.title })
    .from(certificates)
    .where(eq(certificates.id, certificateId))
    .limit(1)
  return c?.title ?? ''
}

/** Under review (its fee paid, or none due): the reviewers' queue. */
export async function tellApplied(tx: Tx, notify: Notifier, a: Application): Promise<void> {
  await notify.toOperators(tx, 'op.certificate.applied', {
    key: a.id,
    fields: { certificate: await titleOf(tx, a.certificateId), user: a.name },
    link: '/certificates'
  })
}

/** The review's result, with the reviewer's reason for a rejection. */
export async function tellDecided(tx: Tx, notify: Notifier, a: Application): Promise<void> {
  await notify.toUsers(tx, 'certificate.decided', a.userId, {
    key: a.id,
    fields: {
      certificate: await titleOf(tx, a.certificateId),
      result: a.status === 'approved' ? '已通过' : '未通过',
      reason: a.reviewNote
    },
    link: MY_CERTIFICATES
  })
}
