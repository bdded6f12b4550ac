import type { HousePlan } from '../../../contract'
import type { housePlans } from '../../db/schema'

export type HouseRow = typeof housePlans.$inferSelect

export function toHousePlan(r: HouseRow): HousePlan {
  return {
    id: r.id,
    title: r.title,
    plan_type: r.planType,
    file_id: r.fileId,
    image_url: r.imageUrl,
    image_width: r.imageWidth,
    image_height: r.imageHeight,
    facing_degrees: r.facingDegrees,
    build_year: r.buildYear,
    period: r.period,
    method: r.method,
    owner_birth_year: r.ownerBirthYear,
    owner_gender: r.ownerGender,
    center_x: r.centerX,
    center_y: r.centerY,
    rotation: r.rotation,
    mode: r.mode,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString()
  }
}
