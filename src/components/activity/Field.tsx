import './Field.scss'

import { Input, Text, View } from '@tarojs/components'
import type { PropsWithChildren } from 'react'

interface Props {
  label: string
  error?: string
  required?: boolean
  /** The control is several lines high (a text area): the label sits at its top. */
  multiline?: boolean
}

/** A labelled form row; its message names what is wrong beneath it. */
export function Field({ label, error, required, multiline, children }: PropsWithChildren<Props>) {
  return (
    <View className={`form-field${error ? ' form-field--error' : ''}${multiline ? ' form-field--multiline' : ''}`}>
      <View className="form-field__row">
        <Text className="form-field__label">
          {required && <Text className="form-field__star">*</Text>}
          {label}
        </Text>
        <View className="form-field__control">{children}</View>
      </View>
      {error && <Text className="form-field__error">{error}</Text>}
    </View>
  )
}

interface TextFieldProps extends Props {
  name: string
  value: string
  placeholder: string
  maxlength: number
  type?: 'text' | 'number' | 'idcard'
  onChange: (value: string) => void
}

/** A labelled text input. */
export function TextField({ name, value, placeholder, maxlength, type = 'text', onChange, ...field }: TextFieldProps) {
  return (
    <Field {...field}>
      <Input
        className={`form-field__input form-field__input--${name}`}
        type={type}
        placeholder={placeholder}
        maxlength={maxlength}
        value={value}
        onInput={(e) => onChange(e.detail.value)}
      />
    </Field>
  )
}
