import './Check.scss'

import { View } from '@tarojs/components'

interface Props {
  checked: boolean
  disabled?: boolean
  /** What it selects, for screen readers (or why it cannot be selected). */
  label: string
  onChange: (checked: boolean) => void
}

/** A round check box (cart lines, select all, choosing a coupon or an address). */
export default function Check({ checked, disabled, label, onChange }: Props) {
  return (
    <View
      className={`check${checked ? ' check--on' : ''}${disabled ? ' check--off' : ''}`}
      role="checkbox"
      aria-checked={checked}
      aria-disabled={!!disabled}
      aria-label={label}
      onClick={(e) => {
        e.stopPropagation()
        if (!disabled) onChange(!checked)
      }}
    />
  )
}
