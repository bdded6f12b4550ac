import type { ActivitySummary, LiveSignupStatus } from '../../../contract'
import { assetUrl } from '../../core/asset-url'
import type { activities } from '../../db/schema'

type Activity = typeof activities.$inferSelect

export function isOpen(a: Activity, now: Date): boolean {
  return now < a.signupDeadline && now < a.startsAt && a.taken < a.capacity
}

export function activitySummary(
  publicUrl: string,
  a: Activity,
  myStatus: LiveSignupStatus | null,
  now: Date
): ActivitySummary {
  return {
    activity_id: a.id,
    title: a.title,
    summary: a.summary,
    cover: assetUrl(publicUrl, a.cover),
    city: a.city,
    address: a.address,
    starts_at: a.startsAt.toISOString(),
    ends_at: a.endsAt.toISOString(),
    signup_deadline: a.signupDeadline.toISOString(),
    capacity: a.capacity,
    seats_left: a.capacity - a.taken,
    fee: a.feeFen,
    open: isOpen(a, now),
    my_status: myStatus,
    form_fields: a.formFields
  }
}
