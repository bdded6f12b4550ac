import type { UploadImageResponse } from '@contract'
import type { EducationLevel } from '@contract/education'
import { validateIdNumber } from '@contract/id-number'

import { validateMobile, validateName } from '@/components/activity/validate'

export interface UnionDraft {
  name: string
  mobile: string
  id_number: string
  gender: '男' | '女' | ''
  education: EducationLevel | ''
  work_unit: string
  specialty: string
  intro: string
  photo: UploadImageResponse | undefined
  attachments: UploadImageResponse[]
}

export type UnionErrors = Partial<Record<keyof UnionDraft | 'form', string>>

export const EMPTY_UNION: UnionDraft = {
  name: '',
  mobile: '',
  id_number: '',
  gender: '',
  education: '',
  work_unit: '',
  specialty: '',
  intro: '',
  photo: undefined,
  attachments: []
}

/** Most supporting documents a full application takes. */
export const MAX_ATTACHMENTS = 6

/** Every wrong field of the full membership application, by name. */
export function validateUnion(d: UnionDraft): UnionErrors {
  const specialty = d.specialty.trim()
  const intro = d.intro.trim()
  const errors: UnionErrors = {
    name: validateName(d.name),
    mobile: validateMobile(d.mobile),
    id_number: validateIdNumber(d.id_number),
    gender: d.gender ? undefined : '请选择性别',
    education: d.education ? undefined : '请选择学历',
    work_unit: d.work_unit.trim().length > 64 ? '工作单位不能超过 64 字' : undefined,
    specialty: !specialty
      ? '请填写研究方向'
      : specialty.length < 2 || specialty.length > 64
        ? '研究方向应为 2 到 64 个字'
        : undefined,
    intro: !intro
      ? '请填写个人简介'
      : intro.length < 10 || intro.length > 500
        ? '个人简介应为 10 到 500 个字'
        : undefined,
    photo: d.photo ? undefined : '请上传证件照'
  }
  return Object.fromEntries(Object.entries(errors).filter(([, v]) => v)) as UnionErrors
}
