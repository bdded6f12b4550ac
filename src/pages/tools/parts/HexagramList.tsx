import './HexagramList.scss'

import { Text, View } from '@tarojs/components'

import { type Hexagram, HEXAGRAMS, hexagramsByPalace } from '@/metaphysics/hexagram'
import { elementColor } from '@/pages/tools/lib/colors'

import HexagramLines from './HexagramLines'

interface Props {
  order: 'sequence' | 'palace'
  onOpen: (hexagram: Hexagram) => void
}

// 《周易》's two books: 上经 乾 to 离 (1-30), 下经 咸 to 未济 (31-64). Two grids also keep each under WeChat's
// 60 children a node.
const BOOKS = [
  { title: '上经（乾至离，三十卦）', hexagrams: HEXAGRAMS.slice(0, 30) },
  { title: '下经（咸至未济，三十四卦）', hexagrams: HEXAGRAMS.slice(30) }
]

/** All 64 hexagrams in 序卦 order (上经, 下经), or grouped by 京房八宫 (本宫 .. 归魂). */
export default function HexagramList({ order, onOpen }: Props) {
  if (order === 'sequence') {
    return (
      <View className="hex-list__palaces">
        {BOOKS.map((book) => (
          <View key={book.title} className="tool-card hex-list hex-list__palace">
            <Text className="tool-card__title">{book.title}</Text>
            <Grid hexagrams={book.hexagrams} onOpen={onOpen} caption={(h) => `${h.number}`} />
          </View>
        ))}
      </View>
    )
  }
  return (
    <View className="hex-list__palaces">
      {hexagramsByPalace().map((group) => (
        <View key={group.palace} className="tool-card hex-list hex-list__palace">
          <Text className="tool-card__title" style={{ color: elementColor(group.element) }}>
            {group.palace}宫（{group.element}）
          </Text>
          <Grid hexagrams={group.hexagrams} onOpen={onOpen} caption={(h) => h.palaceStage} />
        </View>
      ))}
    </View>
  )
}

function Grid({
  hexagrams,
  onOpen,
  caption
}: {
  hexagrams: readonly Hexagram[]
  onOpen: Props['onOpen']
  caption: (h: Hexagram) => string
}) {
  return (
    <View className="hex-list__grid">
      {hexagrams.map((h) => (
        <View key={h.number} className="hex-list__item" data-n={h.number} onClick={() => onOpen(h)}>
          <HexagramLines lines={h.lines} />
          <Text className="hex-list__name">{h.name}</Text>
          <Text className="hex-list__caption">{caption(h)}</Text>
        </View>
      ))}
    </View>
  )
}
