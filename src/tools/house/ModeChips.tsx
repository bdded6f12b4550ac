import { Text, View } from '@tarojs/components'

const MODES: { value: '8' | '9' | '24'; label: string }[] = [
  { value: '8', label: '八方' },
  { value: '9', label: '九宫' },
  { value: '24', label: '二十四山' }
]

/** Which overlay to draw: eight 45° sectors, the nine palaces or the 24 mountains. */
export default function ModeChips({
  mode,
  onChange
}: {
  mode: '8' | '9' | '24'
  onChange: (m: '8' | '9' | '24') => void
}) {
  return (
    <View className="tool-row house-modes">
      {MODES.map((m) => (
        <Text
          key={m.value}
          className={`tool-chip ${mode === m.value ? 'tool-chip--on' : ''}`}
          data-mode={m.value}
          onClick={() => onChange(m.value)}
        >
          {m.label}
        </Text>
      ))}
    </View>
  )
}
