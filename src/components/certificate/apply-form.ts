import type { UploadImageResponse } from '@contract'
import type { EducationLevel } from '@contract/education'
import { validateIdNumber } from '@contract/id-number'

import { validateMobile, validateName } from '@/components/activity/validate'

export interface ApplyDraft {
  name: string
  id_number: string
  mobile: string
  education: EducationLevel | ''
  work_unit: string
  photo: UploadImageResponse | undefined
}

export type ApplyErrors = Partial<Record<keyof ApplyDraft | 'form', string>>

export const EMPTY_DRAFT: ApplyDraft = {
  name: '',
  id_number: '',
  mobile: '',
  education: '',
  work_unit: '',
  photo: undefined
}

/**
 * Every wrong field of the certificate form, by name; empty when it can be sent. `required` lists the
 * optional fields this certificate requires (its required_fields).
 */
export function validateApply(
  d: ApplyDraft,
  required: readonly ('education' | 'work_unit')[] = ['education']
): ApplyErrors {
  const errors: ApplyErrors = {
    name: validateName(d.name),
    id_number: validateIdNumber(d.id_number),
    mobile: validateMobile(d.mobile),
    education: d.education || !required.includes('education') ? undefined : '请选择学历',
    work_unit:
      d.work_unit.trim().length > 64
        ? '工作单位不能超过 64 字'
        : !d.work_unit.trim() && required.includes('work_unit')
          ? '请填写工作单位'
          : undefined,
    photo: d.photo ? undefined : '请上传证件照'
  }
  return Object.fromEntries(Object.entries(errors).filter(([, v]) => v)) as ApplyErrors
}
