import { EDUCATION_LEVELS, type EducationLevel } from '@contract/education'
import { Picker, Text } from '@tarojs/components'

import { Field } from '@/components/activity/Field'

/** Education level from a fixed list. */
export default function EducationField({
  value,
  error,
  onChange,
  required = true
}: {
  value: EducationLevel | ''
  error?: string
  onChange: (v: EducationLevel) => void
  required?: boolean
}) {
  return (
    <Field label="学历" required={required} error={error}>
      <Picker
        mode="selector"
        range={[...EDUCATION_LEVELS]}
        value={Math.max(0, EDUCATION_LEVELS.indexOf(value as EducationLevel))}
        onChange={(e) => onChange(EDUCATION_LEVELS[Number(e.detail.value)])}
      >
        <Text className={`form-field__picker${value ? '' : ' form-field__picker--empty'}`}>
          {value || (required ? '请选择学历' : '请选择学历（选填）')}
        </Text>
      </Picker>
    </Field>
  )
}
