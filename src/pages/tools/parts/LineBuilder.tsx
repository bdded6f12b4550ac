import './LineBuilder.scss'

import { Text, View } from '@tarojs/components'

import { type CastValue, type Hexagram, hexagram as readCast } from '@/metaphysics/hexagram'
import { attempt } from '@/pages/tools/lib/errors'

import HexagramLines from './HexagramLines'

/** A tap cycles a line 少阳 → 少阴 → 老阳 → 老阴 (the 大衍 values 7, 8, 9, 6). */
const CYCLE: readonly CastValue[] = [7, 8, 9, 6]
const VALUE_NAMES: Record<CastValue, string> = { 7: '少阳', 8: '少阴', 9: '老阳（动）', 6: '老阴（动）' }
const POSITION_NAMES = ['初爻', '二爻', '三爻', '四爻', '五爻', '上爻']

interface Props {
  /** six values bottom to top; undefined for a line not set yet */
  values: Array<CastValue | undefined>
  onChange: (values: Array<CastValue | undefined>) => void
  onOpen: (hexagram: Hexagram) => void
}

/** Build a hexagram from six lines, then see 本卦, 变卦, 互卦, 错卦 and 综卦. */
export default function LineBuilder({ values, onChange, onOpen }: Props) {
  const next = (i: number) => {
    const current = values[i]
    const value = current === undefined ? CYCLE[0] : CYCLE[(CYCLE.indexOf(current) + 1) % CYCLE.length]
    onChange(values.map((v, j) => (j === i ? value : v)))
  }
  const setCount = values.filter((v) => v !== undefined).length
  const reading = setCount === 6 ? attempt(() => readCast(values as CastValue[])) : undefined
  return (
    <View className="line-builder">
      <View className="tool-card">
        <Text className="tool-card__title">自下而上点击六爻起卦</Text>
        <Text className="tool-muted">每点一次依次切换：少阳、少阴、老阳（动）、老阴（动）</Text>
        <View className="line-builder__slots">
          {POSITION_NAMES.map((name, i) => ({ name, i }))
            .reverse()
            .map(({ name, i }) => (
              <LineSlot
                key={name}
                name={name}
                value={values[i]}
                enabled={i <= setCount}
                onTap={() => next(i)}
                index={i}
              />
            ))}
        </View>
        <View className="line-builder__actions">
          <Text
            className="tool-button tool-button--plain line-builder__reset"
            onClick={() => onChange(Array(6).fill(undefined))}
          >
            重新起卦
          </Text>
        </View>
      </View>
      {reading?.error && <View className="tool-error">{reading.error}</View>}
      {reading?.value && (
        <View className="tool-card line-builder__result">
          <Text className="tool-card__title">卦象</Text>
          <Result label="本卦" hexagram={reading.value.benGua} moving={reading.value.movingLines} onOpen={onOpen} />
          {reading.value.bianGua ? (
            <Result label="变卦" hexagram={reading.value.bianGua} onOpen={onOpen} />
          ) : (
            <Text className="tool-muted line-builder__static">六爻皆静，无变卦</Text>
          )}
          <Result label="互卦" hexagram={reading.value.huGua} onOpen={onOpen} />
          <Result label="错卦" hexagram={reading.value.cuoGua} onOpen={onOpen} />
          <Result label="综卦" hexagram={reading.value.zongGua} onOpen={onOpen} />
        </View>
      )}
    </View>
  )
}

interface SlotProps {
  name: string
  index: number
  value: CastValue | undefined
  enabled: boolean
  onTap: () => void
}

function LineSlot({ name, index, value, enabled, onTap }: SlotProps) {
  const yang = value === 7 || value === 9
  return (
    <View
      className={`line-builder__slot ${enabled ? '' : 'line-builder__slot--disabled'}`}
      data-position={index + 1}
      onClick={enabled ? onTap : undefined}
    >
      <Text className="line-builder__pos">{name}</Text>
      <View className="line-builder__bar">
        {value === undefined ? (
          <View className="line-builder__empty">{enabled ? '点击设置' : ''}</View>
        ) : (
          <View
            className={
              `line-builder__line ${yang ? 'line-builder__line--yang' : 'line-builder__line--yin'} ` +
              `${value === 9 || value === 6 ? 'line-builder__line--moving' : ''}`
            }
          />
        )}
      </View>
      <Text className="line-builder__value">{value === undefined ? '' : VALUE_NAMES[value]}</Text>
    </View>
  )
}

function Result({
  label,
  hexagram,
  moving,
  onOpen
}: {
  label: string
  hexagram: Hexagram
  moving?: number[]
  onOpen: Props['onOpen']
}) {
  return (
    <View className={`line-builder__gua line-builder__gua--${label}`} onClick={() => onOpen(hexagram)}>
      <Text className="line-builder__gua-label">{label}</Text>
      <HexagramLines lines={hexagram.lines} moving={moving} />
      <Text className="line-builder__gua-name">{hexagram.fullName}</Text>
      <Text className="line-builder__gua-more">卦辞 ›</Text>
    </View>
  )
}
