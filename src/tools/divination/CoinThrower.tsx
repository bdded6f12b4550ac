import { Button, Text, View } from '@tarojs/components'

import type { CoinThrow } from '@/metaphysics/liuyao'

import LineBar from './LineBar'
import { LINE_KINDS, LINE_POSITIONS } from './lines'

interface Props {
  throws: CoinThrow[]
  shaking: boolean
  onThrow: () => void
}

/** Three coins, one throw per tap, bottom line first; the lines cast so far stacked as in a chart. */
export default function CoinThrower({ throws, shaking, onThrow }: Props) {
  const last = throws[throws.length - 1]
  const next = throws.length
  return (
    <View className="coins">
      <View className={`coins__row ${shaking ? 'coins__row--shaking' : ''}`}>
        {[0, 1, 2].map((i) => {
          const back = !shaking && last ? last.coins[i] : undefined
          return (
            <View key={i} className={`coins__coin ${back ? 'coins__coin--back' : ''}`}>
              <View className="coins__hole" />
              <Text className="coins__face">{back === undefined ? '' : back ? '背' : '字'}</Text>
            </View>
          )
        })}
      </View>
      {next < 6 && (
        <Button
          className={`tool-btn coins__throw ${shaking ? 'tool-btn--busy' : ''}`}
          onClick={onThrow}
          disabled={shaking}
        >
          {shaking ? '摇卦中…' : `摇第${next + 1}次（${LINE_POSITIONS[next]}）`}
        </Button>
      )}
      <View className="coins__cast">
        {throws
          .map((t, i) => ({ t, i }))
          .reverse()
          .map(({ t, i }) => (
            <View key={i} className="coins__line">
              <Text className="coins__pos">{LINE_POSITIONS[i]}</Text>
              <Text className="coins__faces">{t.coins.map((b) => (b ? '背' : '字')).join('')}</Text>
              <LineBar yang={LINE_KINDS[t.value].yang} moving={LINE_KINDS[t.value].moving} small />
              <Text className="coins__kind">
                {LINE_KINDS[t.value].name}
                {LINE_KINDS[t.value].mark}
              </Text>
            </View>
          ))}
      </View>
      <Text className="tool-card__note">一背为少阳，二背为少阴，三背为老阳（动），三字为老阴（动）。</Text>
    </View>
  )
}
