import { and, eq, sql } from 'drizzle-orm'

import type { Db, Tx } from '../../db/database'
import { associations, membershipApplications } from '../../db/schema'
import type { Notifier } from '../notify/notifier'
import { type ApplicationDecision, decideApplication } from '../payment/biz-refund'
import type { PaymentService } from '../payment/service'
import { tellDecided } from './notices'

type Application = typeof membershipApplications.$inferSelect

export type MembershipDecision = ApplicationDecision

/** Member numbers: HY, the year of approval, then the application id to 6 digits. */
export function memberNumber(applicationId: number, at: Date): string {
  return `HY${at.getFullYear()}${String(applicationId).padStart(6, '0')}`
}

/**
 * The operator's decision on a membership application under review, taken once; approval issues the
 * member card, a rejection of paid dues sends them back through the payment service, once.
 */
export async function reviewMembershipApplication(
  db: Db,
  payService: PaymentService,
  notify: Notifier,
  applicationId: number,
  decision: MembershipDecision,
  inTx?: (tx: Tx, before: Application, after: Application) => Promise<void>
): Promise<Application> {
  return decideApplication(db, payService, {
    bizType: 'membership',
    id: applicationId,
    decision,
    notFound: '该申请不存在',
    refundReason: '入会申请未通过审核，会费原路退回',
    lock: async (tx) =>
      (
        await tx
          .select()
          .from(membershipApplications)
          .where(eq(membershipApplications.id, applicationId))
          .limit(1)
          .for('update')
      )[0],
    decide: async (tx, refundStatus, now) => {
      const [row] = await tx
        .update(membershipApplications)
        .set(
          decision.approve
            ? { status: 'approved', reviewedAt: now, reviewNote: '', memberNo: memberNumber(applicationId, now) }
            : { status: 'rejected', reviewedAt: now, reviewNote: decision.note.trim().slice(0, 200), refundStatus }
        )
        .where(and(eq(membershipApplications.id, applicationId), eq(membershipApplications.status, 'reviewing')))
        .returning()
      if (row && decision.approve) {
        await tx
          .update(associations)
          .set({ members: sql`${associations.members} + 1` })
          .where(eq(associations.id, row.associationId))
      }
      return row
    },
    inTx: async (tx, before, after) => {
      await inTx?.(tx, before, after)
      await tellDecided(tx, notify, after)
    }
  })
}
