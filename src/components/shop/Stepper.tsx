import './Stepper.scss'

import { Text, View } from '@tarojs/components'

interface Props {
  value: number
  max: number
  onChange: (value: number) => void
  /** Said when + is tapped at the maximum, e.g. '库存仅剩 3 件'. */
  maxMessage: string
  onLimit?: (message: string) => void
  disabled?: boolean
}

/** A quantity from 1 to max; tapping past a limit says which limit it is. */
export default function Stepper({ value, max, onChange, maxMessage, onLimit, disabled }: Props) {
  const step = (delta: number) => {
    if (disabled) return
    const next = value + delta
    if (next < 1) return onLimit?.('数量最少为 1 件')
    if (delta > 0 && next > max) return onLimit?.(maxMessage)
    onChange(next)
  }
  return (
    <View className={`stepper${disabled ? ' stepper--off' : ''}`}>
      <Text className={`stepper__btn stepper__minus${value <= 1 ? ' stepper__btn--off' : ''}`} onClick={() => step(-1)}>
        −
      </Text>
      <Text className="stepper__value">{value}</Text>
      <Text className={`stepper__btn stepper__plus${value >= max ? ' stepper__btn--off' : ''}`} onClick={() => step(1)}>
        +
      </Text>
    </View>
  )
}
