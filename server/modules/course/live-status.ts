import type { LiveStatus } from '../../../contract'

/** A session is upcoming before it starts, live until it ends, then a replay. */
export function liveStatus(startsAt: Date, endsAt: Date, now: Date): LiveStatus {
  if (now < startsAt) return 'upcoming'
  if (now < endsAt) return 'live'
  return 'replay'
}
