import { Picker, Text } from '@tarojs/components'
import { Field } from '@/components/activity/Field'
import { EDUCATION_LEVELS, type EducationLevel } from '@contract/education'

/** Education level from a fixed list. */
export default function EducationField({ value, error, onChange }: { value: EducationLevel | ''; error?: string; onChange: (v: EducationLevel) => void }) {
  return (
    <Field label='学历' required error={error}>
      <Picker mode='selector' range={[...EDUCATION_LEVELS]} value={Math.max(0, EDUCATION_LEVELS.indexOf(value as EducationLevel))} onChange={(e) => onChange(EDUCATION_LEVELS[Number(e.detail.value)])}>
        <Text className={`form-field__picker${value ? '' : ' form-field__picker--empty'}`}>{value || '请选择学历'}</Text>
      </Picker>
    </Field>
  )
}
