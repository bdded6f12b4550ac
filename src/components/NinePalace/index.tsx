import './index.scss'

import { Text, View } from '@tarojs/components'
import type { ReactNode } from 'react'

/** One line of text in a palace, optionally coloured (e.g. by the star's 五行). */
export interface PalaceLine {
  text: string
  color?: string
  /** extra class for the line (size, weight, position) */
  className?: string
}

export interface PalaceCell {
  /** the small caption of the palace, e.g. 巽 东南 */
  label?: string
  lines: PalaceLine[]
  /** marks the palace (the sitting, the facing, the selected one ...) */
  highlight?: boolean
}

interface Props {
  /** cells indexed by Luo Shu number − 1 (palace 1 坎 .. palace 9 离, 5 the centre) */
  cells?: PalaceCell[]
  /** renders a palace's content itself instead of `cells` (palace = Luo Shu number 1..9) */
  renderCell?: (palace: number) => ReactNode
  onSelect?: (palace: number) => void
  className?: string
}

/**
 * Luo Shu palace numbers in screen order with south on top, as Chinese charts draw it:
 * 巽4 离9 坤2 / 震3 中5 兑7 / 艮8 坎1 乾6.
 */
export const SCREEN_ORDER = [4, 9, 2, 3, 5, 7, 8, 1, 6] as const

/** A nine-palace grid (后天八卦 layout, south up) whose palaces hold lines of text or any content. */
export default function NinePalace({ cells, renderCell, onSelect, className }: Props) {
  return (
    <View className={`nine-palace ${className || ''}`}>
      {SCREEN_ORDER.map((palace) => {
        const cell = cells?.[palace - 1]
        return (
          <View
            key={palace}
            className={
              `nine-palace__cell ${cell?.highlight ? 'nine-palace__cell--highlight' : ''} ` +
              `${palace === 5 ? 'nine-palace__cell--centre' : ''}`
            }
            data-palace={palace}
            onClick={onSelect ? () => onSelect(palace) : undefined}
          >
            {renderCell ? renderCell(palace) : cell && <PalaceContent cell={cell} />}
          </View>
        )
      })}
    </View>
  )
}

function PalaceContent({ cell }: { cell: PalaceCell }) {
  return (
    <>
      {cell.lines.map((line, i) => (
        <Text
          key={i}
          className={`nine-palace__line ${line.className || ''}`}
          style={line.color ? { color: line.color } : undefined}
        >
          {line.text}
        </Text>
      ))}
      {cell.label && <Text className="nine-palace__label">{cell.label}</Text>}
    </>
  )
}
