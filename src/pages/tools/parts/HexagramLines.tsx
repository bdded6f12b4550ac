import './HexagramLines.scss'

import { View } from '@tarojs/components'

interface Props {
  /** bottom to top, 1 = yang, 0 = yin */
  lines: readonly number[]
  /** 1-based positions of moving lines, marked beside the line */
  moving?: readonly number[]
  size?: 'small' | 'large'
}

/**
 * Six lines drawn top line first, as a hexagram is written: one element a line (a moving line's mark inside it),
 * so the 64-hexagram list stays under WeChat's 1,000 nodes a page.
 */
export default function HexagramLines({ lines, moving = [], size = 'small' }: Props) {
  return (
    <View className={`hex-lines hex-lines--${size}`}>
      {lines
        .map((yang, i) => ({ yang, position: i + 1 }))
        .reverse()
        .map(({ yang, position }) => (
          <View key={position} className={`hex-lines__line ${yang ? 'hex-lines__line--yang' : 'hex-lines__line--yin'}`}>
            {moving.includes(position) && <View className="hex-lines__moving">{yang ? '○' : '×'}</View>}
          </View>
        ))}
    </View>
  )
}
