import './CompassDial.scss'

import { type ITouchEvent, Text, View } from '@tarojs/components'
import { useRef } from 'react'

import { TRIGRAMS } from '@/metaphysics/hexagram'
import { MOUNTAINS } from '@/metaphysics/luopan'
import { elementColor } from '@/pages/tools/lib/colors'

interface Props {
  /** the bearing the top of the phone points to, degrees clockwise from north */
  heading: number
  /** when given, a horizontal drag turns the dial (manual mode) */
  onDrag?: (heading: number) => void
}

/** Degrees of heading per px of horizontal drag. */
const DRAG_DEGREES_PER_PX = 0.5

/**
 * A 罗盘 face: 八卦 (后天) on the inner ring and the 24 mountains on the outer ring, turned so that
 * the heading sits under the fixed red line at the top. Each label is a full-size layer rotated to
 * its bearing, so only rotations are computed here and sizes stay in the stylesheet.
 */
export default function CompassDial({ heading, onDrag }: Props) {
  const drag = useRef<{ x: number; heading: number } | null>(null)
  // View types its touch handlers with the base event; the event carries touches on both targets.
  const touchX = (e: unknown) => (e as ITouchEvent).touches?.[0]?.clientX
  return (
    <View
      className="dial"
      onTouchStart={(e) => {
        const x = touchX(e)
        drag.current = onDrag && x !== undefined ? { x, heading } : null
      }}
      onTouchMove={(e) => {
        const x = touchX(e)
        if (!drag.current || !onDrag || x === undefined) return
        onDrag(drag.current.heading - (x - drag.current.x) * DRAG_DEGREES_PER_PX)
      }}
      onTouchEnd={() => (drag.current = null)}
    >
      <View className="dial__pointer" />
      <View className="dial__face" style={{ transform: `rotate(${-heading}deg)` }}>
        {MOUNTAINS.map((m) => (
          <View key={m.name} className="dial__layer" style={{ transform: `rotate(${m.center}deg)` }}>
            <Text className={`dial__mountain ${m.index % 3 === 1 ? 'dial__mountain--tianyuan' : ''}`}>{m.name}</Text>
          </View>
        ))}
        {MOUNTAINS.map((m) => (
          <View key={`tick-${m.name}`} className="dial__layer" style={{ transform: `rotate(${m.start}deg)` }}>
            <View className="dial__tick" />
          </View>
        ))}
        {TRIGRAMS.map((t) => (
          <View key={t.name} className="dial__layer" style={{ transform: `rotate(${t.bearing}deg)` }}>
            <Text className="dial__trigram" style={{ color: elementColor(t.element) }}>
              {t.symbol}
            </Text>
            <Text className="dial__trigram-name">{t.name}</Text>
          </View>
        ))}
        <View className="dial__centre" />
      </View>
    </View>
  )
}
