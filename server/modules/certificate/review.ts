import { and, eq } from 'drizzle-orm'

import type { Db, Tx } from '../../db/database'
import { certificateApplications } from '../../db/schema'
import type { Notifier } from '../notify/notifier'
import { type ApplicationDecision, decideApplication } from '../payment/biz-refund'
import type { PaymentService } from '../payment/service'
import { tellDecided } from './notices'

type Application = typeof certificateApplications.$inferSelect

export type CertificateDecision = ApplicationDecision

/** Certificate numbers: YX, the year of approval, then the application id to 6 digits. */
export function certificateNumber(applicationId: number, at: Date): string {
  return `YX${at.getFullYear()}${String(applicationId).padStart(6, '0')}`
}

/**
 * The operator's decision on an application under review, taken once (the conditional UPDATE makes a
 * second decision fail instead of overwriting the first). Approval issues the certificate number; a
 * rejection of a paid application sends the fee back through the payment service, once.
 */
export async function reviewCertificateApplication(
  db: Db,
  payService: PaymentService,
  notify: Notifier,
  applicationId: number,
  decision: CertificateDecision,
  inTx?: (tx: Tx, before: Application, after: Application) => Promise<void>
): Promise<Application> {
  return decideApplication(db, payService, {
    bizType: 'certificate',
    id: applicationId,
    decision,
    notFound: '该报名不存在',
    refundReason: '证书报名未通过审核，报名费原路退回',
    lock: async (tx) =>
      (
        await tx
          .select()
          .from(certificateApplications)
          .where(eq(certificateApplications.id, applicationId))
          .limit(1)
          .for('update')
      )[0],
    decide: async (tx, refundStatus, now) => {
      const [row] = await tx
        .update(certificateApplications)
        .set(
          decision.approve
            ? {
                status: 'approved',
                reviewedAt: now,
                reviewNote: '',
                certificateNo: certificateNumber(applicationId, now)
              }
            : { status: 'rejected', reviewedAt: now, reviewNote: decision.note.trim().slice(0, 200), refundStatus }
        )
        .where(and(eq(certificateApplications.id, applicationId), eq(certificateApplications.status, 'reviewing')))
        .returning()
      return row
    },
    inTx: async (tx, before, after) => {
      await inTx?.(tx, before, after)
      await tellDecided(tx, notify, after)
    }
  })
}
