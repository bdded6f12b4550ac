import type { TeacherSummary } from '../../../src/api/contract'
import type { teachers } from '../../db/schema'
import { assetUrl } from '../../core/asset-url'

export function teacherSummary(publicUrl: string, t: typeof teachers.$inferSelect, followers: number, followed: boolean): TeacherSummary {
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
