import './Segmented.scss'

import { Text, View } from '@tarojs/components'

interface Props<T extends string> {
  options: ReadonlyArray<readonly [value: T, label: string]>
  value: T | undefined
  onChange: (value: T) => void
  /** names the control for tests and screen readers */
  name: string
}

/** A row of mutually exclusive choices (性别, 历法, 子时, 起局法 ...). */
export default function Segmented<T extends string>({ options, value, onChange, name }: Props<T>) {
  return (
    <View className="segmented" data-name={name} role="radiogroup">
      {options.map(([v, label]) => (
        <View
          key={v}
          className={`segmented__item ${v === value ? 'segmented__item--on' : ''}`}
          data-value={v}
          role="radio"
          aria-checked={v === value}
          onClick={() => onChange(v)}
        >
          <Text>{label}</Text>
        </View>
      ))}
    </View>
  )
}
