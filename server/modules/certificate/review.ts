import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/database'
import { certificateApplications } from '../../db/schema'
import { AppError } from '../../core/envelope'

type Application = typeof certificateApplications.$inferSelect

export type CertificateDecision = { approve: true } | { approve: false; note: string }

/** Certificate numbers: YX, the year of approval, then the application id to 6 digits. */
export function certificateNumber(applicationId: number, at: Date): string {
  return `YX${at.getFullYear()}${String(applicationId).padStart(6, '0')}`
}

/**
 * The operator's decision on an application under review; only a reviewing application is decided,
 * once (the conditional UPDATE makes a second decision fail instead of overwriting the first).
 */
export async function reviewCertificateApplication(db: Db, applicationId: number, decision: CertificateDecision): Promise<Application> {
  const now = new Date()
  if (!decision.approve && !decision.note.trim()) throw new AppError('驳回时请填写原因')
  const [row] = await db
    .update(certificateApplications)
    .set(
      decision.approve
        ? { status: 'approved', reviewedAt: now, reviewNote: '', certificateNo: certificateNumber(applicationId, now) }
        : { status: 'rejected', reviewedAt: now, reviewNote: decision.note.trim().slice(0, 200) }
    )
    .where(and(eq(certificateApplications.id, applicationId), eq(certificateApplications.status, 'reviewing')))
    .returning()
  if (!row) throw new AppError('该报名不存在或不在审核中')
  return row
}
