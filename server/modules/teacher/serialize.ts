import { count, inArray } from 'drizzle-orm'

import type { TeacherSummary } from '../../../contract'
import { assetUrl } from '../../core/asset-url'
import type { Db } from '../../db/database'
import { teacherFollows, type teachers } from '../../db/schema'

/** Followers of each teacher in ids. */
export async function followerCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map()
  const rows = await db
    .select({ id: teacherFollows.teacherId, n: count() })
    .from(teacherFollows)
    .where(inArray(teacherFollows.teacherId, ids))
    .groupBy(teacherFollows.teacherId)
  return new Map(rows.map((r) => [r.id, r.n]))
}

export function teacherSummary(
  publicUrl: string,
  t: typeof teachers.$inferSelect,
  followers: number,
  followed: boolean
): TeacherSummary {
  return {
    teacher_id: t.id,
    name: t.name,
    title: t.title,
    avatar: assetUrl(publicUrl, t.avatar),
    city: t.city,
    years: t.years,
    specialties: t.specialties,
    followers,
    followed
  }
}
