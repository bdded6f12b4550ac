import type { CourseItem, LiveSession, OfflineClass } from '../../../contract'
import { assetUrl } from '../../core/asset-url'
import type { courses, liveSessions, offlineClasses } from '../../db/schema'
import { liveStatus } from './live-status'

type Course = typeof courses.$inferSelect
type Session = typeof liveSessions.$inferSelect
type Klass = typeof offlineClasses.$inferSelect

export function courseItem(publicUrl: string, c: Course, parts: number): CourseItem {
  return {
    course_id: c.id,
    category_id: c.categoryId,
    kind: c.kind,
    title: c.title,
    subtitle: c.subtitle,
    cover: assetUrl(publicUrl, c.cover),
    teacher: c.teacher,
    price: c.priceFen,
    original_price: c.originalPriceFen,
    students: c.students,
    parts: Number(parts)
  }
}

export function liveSession(publicUrl: string, s: Session, c: Course, now: Date): LiveSession {
  return {
    session_id: s.id,
    course_id: c.id,
    course_title: c.title,
    cover: assetUrl(publicUrl, c.cover),
    teacher: c.teacher,
    title: s.title,
    starts_at: s.startsAt.toISOString(),
    ends_at: s.endsAt.toISOString(),
    status: liveStatus(s.startsAt, s.endsAt, now),
    has_replay: s.replayUrl !== ''
  }
}

export function offlineClass(publicUrl: string, k: Klass, c: Course, signedUp: boolean, now: Date): OfflineClass {
  const seatsLeft = Math.max(0, k.seats - k.seatsTaken)
  return {
    class_id: k.id,
    course_id: c.id,
    course_title: c.title,
    cover: assetUrl(publicUrl, c.cover),
    teacher: c.teacher,
    title: k.title,
    starts_at: k.startsAt.toISOString(),
    ends_at: k.endsAt.toISOString(),
    signup_deadline: k.signupDeadline.toISOString(),
    city: k.city,
    address: k.address,
    latitude: k.latitude,
    longitude: k.longitude,
    seats: k.seats,
    seats_left: seatsLeft,
    price: c.priceFen,
    signed_up: signedUp,
    open: seatsLeft > 0 && now < k.signupDeadline
  }
}
