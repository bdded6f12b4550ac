import { formatDate } from '@/core/format'

export interface ProfileDraft {
  nickname: string
  gender: 0 | 1 | 2
  birthday: string
}

export type ProfileErrors = Partial<Record<keyof ProfileDraft, string>>

export const GENDERS = ['保密', '男', '女'] as const

/** What is wrong with each field, named for the user; {} when the draft can be saved. */
export function validateProfile(d: ProfileDraft, today = formatDate(new Date())): ProfileErrors {
  const errors: ProfileErrors = {}
  const nickname = d.nickname.trim()
  if (!nickname) errors.nickname = '请输入昵称'
  else if ([...nickname].length > 32) errors.nickname = '昵称不能超过 32 个字'
  else if (/[<>"'\\]/.test(nickname)) errors.nickname = '昵称不能包含 < > " \' \\ 等符号'
  if (d.birthday) {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(d.birthday)) errors.birthday = '生日格式不正确'
    else if (d.birthday < '1850-01-01' || d.birthday > today) errors.birthday = '生日须在 1850-01-01 与今天之间'
  }
  return errors
}
