import { Button, Text, View } from '@tarojs/components'

import type { CastValue } from '@/metaphysics/hexagram'

import { CAST_VALUES, LINE_KINDS, LINE_POSITIONS } from './lines'

interface Props {
  values: (CastValue | undefined)[]
  onChange: (values: (CastValue | undefined)[]) => void
  onSubmit: () => void
}

/** Six lines entered by hand, 上爻 on top as a chart is drawn; each line one of the four kinds. */
export default function HandEntry({ values, onChange, onSubmit }: Props) {
  const set = (index: number, value: CastValue) => onChange(values.map((v, i) => (i === index ? value : v)))
  return (
    <View className="hand">
      {[5, 4, 3, 2, 1, 0].map((index) => (
        <View key={index} className="hand__line" data-line={index + 1}>
          <Text className="hand__pos">{LINE_POSITIONS[index]}</Text>
          {CAST_VALUES.map((value) => (
            <View
              key={value}
              className={`tool-chip hand__kind ${values[index] === value ? 'tool-chip--on' : ''}`}
              data-value={value}
              onClick={() => set(index, value)}
            >
              {LINE_KINDS[value].name}
            </View>
          ))}
        </View>
      ))}
      <Button className="tool-btn hand__submit" onClick={onSubmit}>
        排盘
      </Button>
    </View>
  )
}
