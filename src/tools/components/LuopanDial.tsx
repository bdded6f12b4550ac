import './LuopanDial.scss'

import { type CommonEvent, Image, type ITouchEvent, Text, View } from '@tarojs/components'
import { useRef } from 'react'

import { DEGREES_PER_PX } from './dial-angle'
import { luopanPlateImage } from './luopan-dial-svg'

interface Props {
  /** Rotation of the plate in degrees, continuous (see continuousAngle). */
  angle: number
  /** With a handler the plate can be dragged sideways; it gets the change in heading. */
  onDrag?: (deltaDegrees: number) => void
}

/**
 * The luopan: the plate turns against the heading so its north stays north, under the fixed red
 * cross (天心十道) whose top arm marks the 向 the phone points to and bottom arm the 坐.
 */
export default function LuopanDial({ angle, onDrag }: Props) {
  const lastX = useRef<number | null>(null)
  // View types its touch handlers as plain events; the touches are there on both targets.
  const firstX = (e: CommonEvent) => (e as unknown as ITouchEvent).touches[0]?.clientX
  const onTouchStart = (e: CommonEvent) => {
    lastX.current = firstX(e) ?? null
  }
  const onTouchMove = (e: CommonEvent) => {
    const x = firstX(e)
    if (!onDrag || x === undefined || lastX.current === null) return
    // Dragging the plate to the right turns it clockwise, which lowers the heading read at the top.
    onDrag(-(x - lastX.current) * DEGREES_PER_PX)
    lastX.current = x
  }
  return (
    <View
      className={`luopan-dial ${onDrag ? 'luopan-dial--draggable' : ''}`}
      onTouchStart={onTouchStart}
      onTouchMove={onTouchMove}
      onTouchEnd={() => (lastX.current = null)}
    >
      <Image className="luopan-dial__plate" src={luopanPlateImage()} style={{ transform: `rotate(${-angle}deg)` }} />
      <View className="luopan-dial__thread luopan-dial__thread--ns" />
      <View className="luopan-dial__thread luopan-dial__thread--ew" />
      <Text className="luopan-dial__mark luopan-dial__mark--xiang">向</Text>
      <Text className="luopan-dial__mark luopan-dial__mark--zuo">坐</Text>
    </View>
  )
}
