import './LingqiPieces.scss'

import { View } from '@tarojs/components'

import type { LingqiThrow } from '@/metaphysics/lingqi'

/** The three groups of four pieces; each piece is inscribed with its group's word on one face. */
const GROUPS = [
  { key: 'upper', word: '上' },
  { key: 'middle', word: '中' },
  { key: 'lower', word: '下' }
] as const

interface Props {
  /** Face-up counts to show; none yet: every piece face down. */
  result?: LingqiThrow
  /** While thrown the pieces spin. */
  flipping: boolean
}

export default function LingqiPieces({ result, flipping }: Props) {
  return (
    <View className={`lingqi-pieces ${flipping ? 'lingqi-pieces--flipping' : ''}`}>
      {GROUPS.map(({ key, word }) => (
        <View key={key} className="lingqi-pieces__group" data-group={key}>
          {[0, 1, 2, 3].map((i) => {
            const up = !flipping && !!result && i < result[key]
            return (
              <View
                key={i}
                className={`lingqi-pieces__piece ${up ? 'lingqi-pieces__piece--up' : ''}`}
                style={{ animationDelay: `${(i + (key === 'middle' ? 4 : key === 'lower' ? 8 : 0)) * 40}ms` }}
              >
                {up ? word : ''}
              </View>
            )
          })}
        </View>
      ))}
    </View>
  )
}
