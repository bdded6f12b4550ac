import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/database'
import { associations, membershipApplications } from '../../db/schema'
import { AppError } from '../../core/envelope'

type Application = typeof membershipApplications.$inferSelect

export type MembershipDecision = { approve: true } | { approve: false; note: string }

/** Member numbers: HY, the year of approval, then the application id to 6 digits. */
export function memberNumber(applicationId: number, at: Date): string {
  return `HY${at.getFullYear()}${String(applicationId).padStart(6, '0')}`
}

/** The operator's decision on a membership application under review, taken once; approval issues the member card. */
export async function reviewMembershipApplication(db: Db, applicationId: number, decision: MembershipDecision): Promise<Application> {
  if (!decision.approve && !decision.note.trim()) throw new AppError('驳回时请填写原因')
  return db.transaction(async (tx) => {
    const now = new Date()
    const [row] = await tx
      .update(membershipApplications)
      .set(
        decision.approve
          ? { status: 'approved', reviewedAt: now, reviewNote: '', memberNo: memberNumber(applicationId, now) }
          : { status: 'rejected', reviewedAt: now, reviewNote: decision.note.trim().slice(0, 200) }
      )
      .where(and(eq(membershipApplications.id, applicationId), eq(membershipApplications.status, 'reviewing')))
      .returning()
    if (!row) throw new AppError('该申请不存在或不在审核中')
    if (decision.approve) {
      await tx
        .update(associations)
        .set({ members: sql`${associations.members} + 1` })
        .where(eq(associations.id, row.associationId))
    }
    return row
  })
}
