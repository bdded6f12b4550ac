import type { Gender, UserProfile } from '../../../contract'
import type { DataCipher } from '../../core/data-key'
import { openMobile } from '../../core/sealed-columns'
import type { users } from '../../db/schema'

export function maskMobile(mobile: string | null): string {
  return mobile ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : ''
}

export function toProfile(u: typeof users.$inferSelect, cipher: DataCipher): UserProfile {
  return {
    user_id: u.id,
    nickname: u.nickname,
    avatar: u.avatar,
    gender: (u.gender === 1 || u.gender === 2 ? u.gender : 0) as Gender,
    mobile: maskMobile(openMobile(cipher, u.mobile)),
    birthday: u.birthday ?? '',
    level: u.level,
    referee_id: u.refereeId ?? 0,
    created_at: u.createdAt.toISOString()
  }
}
