import './house.scss'

import { Image, Slider, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { type ReactNode, useEffect, useMemo, useRef } from 'react'

import { MetaphysicsError } from '@/metaphysics/errors'
import type { PlanCell } from '@/metaphysics/luopan/plan-geometry'

import { type OverlayPlacement, overlaySectors, overlaySvg, tapToCenter } from './overlay'

/** Width the overlay is computed at (the plan's width on a 375px phone); drawn in percentages so any width fits. */
export const BOARD_WIDTH = 351

interface Props {
  imageUrl: string
  /** natural size of the plan image; until known the board is square */
  imageWidth: number | null
  imageHeight: number | null
  centerX: number
  centerY: number
  rotation: number
  facingDegrees: number
  mode: OverlayPlacement['mode']
  /** omitted: the overlay is fixed (the analysis view) */
  onMove?: (next: { centerX: number; centerY: number; rotation: number }) => void
  onImageSize?: (width: number, height: number) => void
  highlight?: string
  /** extra text drawn under each cell's label (the analysis puts the stars there) */
  cellNote?: (cell: PlanCell) => ReactNode
}

const pct = (part: number, whole: number) => `${Math.round((part / whole) * 10000) / 100}%`
/** Labels stay readable inside the plan even when their wedge's middle lies beyond the edge. */
const inside = (part: number, whole: number) => pct(Math.min(whole * 0.95, Math.max(whole * 0.05, part)), whole)

interface TouchLike {
  clientX?: number
  clientY?: number
  pageX?: number
  pageY?: number
  x?: number
  y?: number
}
type PointerEvent = TouchLike & { touches?: TouchLike[]; changedTouches?: TouchLike[]; detail?: TouchLike | number }
/** A touch (both platforms), a browser click (clientX) or a mini-program tap (detail.x). */
const pointOf = (e: PointerEvent) => {
  const t: TouchLike =
    e.touches?.[0] ??
    e.changedTouches?.[0] ??
    (typeof e.clientX === 'number' || typeof e.detail !== 'object' ? e : e.detail)
  return { x: t.clientX ?? t.x ?? t.pageX ?? 0, y: t.clientY ?? t.y ?? t.pageY ?? 0 }
}

/** Whether a label point is the 立极 centre itself (the centre palace's label), within 3% of the plan. */
const atCentre = (
  p: { x: number; y: number },
  width: number,
  height: number,
  centerX: number,
  centerY: number
): boolean =>
  width > 0 && height > 0 && Math.abs(p.x / width - centerX) < 0.03 && Math.abs(p.y / height - centerY) < 0.03

/** The plan with the 立极 overlay on it: tap or drag to place the centre, slide to turn the overlay. */
export default function PlanBoard(props: Props) {
  const { imageUrl, imageWidth, imageHeight, centerX, centerY, rotation, facingDegrees, mode, onMove } = props
  const width = BOARD_WIDTH
  const height = imageWidth && imageHeight ? Math.round((BOARD_WIDTH * imageHeight) / imageWidth) : BOARD_WIDTH
  const placement = { width, height, centerX, centerY, rotation, facingDegrees, mode }
  const drawn = useMemo(() => {
    try {
      const sectors = overlaySectors(placement)
      return { sectors, svg: overlaySvg(sectors, placement, props.highlight) }
    } catch (e) {
      return { error: e instanceof MetaphysicsError ? e.message : '无法绘制分区' }
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the placement is derived from the values listed
  }, [width, height, centerX, centerY, rotation, facingDegrees, mode, props.highlight])
  // The natural size (an Image's load event gives the drawn size on H5, so ask for the file's own).
  const onImageSize = useRef(props.onImageSize)
  onImageSize.current = props.onImageSize
  const known = !!(imageWidth && imageHeight)
  useEffect(() => {
    if (known || !onImageSize.current) return
    let live = true
    Taro.getImageInfo({ src: imageUrl })
      .then((info) => live && info.width > 0 && info.height > 0 && onImageSize.current?.(info.width, info.height))
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [imageUrl, known])
  const box = useRef<{ left: number; top: number; width: number; height: number }>()

  const measure = () =>
    new Promise<typeof box.current>((resolve) => {
      Taro.createSelectorQuery()
        .select('#house-plan-board')
        .boundingClientRect((rect) => {
          const r = Array.isArray(rect) ? rect[0] : rect
          box.current = r ? { left: r.left, top: r.top, width: r.width, height: r.height } : undefined
          resolve(box.current)
        })
        .exec()
    })

  const place = (point: { x: number; y: number }, rect = box.current) => {
    if (!onMove || !rect || !rect.width) return
    onMove({ ...tapToCenter(point.x, point.y, rect), rotation })
  }

  return (
    <View className="house-board">
      <View
        id="house-plan-board"
        className="house-board__plan"
        style={{ paddingTop: pct(height, width) }}
        // dragging the centre must not scroll the page
        catchMove={!!onMove}
        onClick={onMove ? async (e) => place(pointOf(e as never), await measure()) : undefined}
        onTouchStart={onMove ? () => void measure() : undefined}
        onTouchMove={onMove ? (e) => place(pointOf(e as never)) : undefined}
      >
        <Image className="house-board__image" src={imageUrl} mode="scaleToFill" />
        {drawn.svg && <Image className="house-board__overlay" src={drawn.svg} mode="scaleToFill" />}
        {drawn.sectors?.cells.map((c) => (
          <View
            key={c.label + c.bearing}
            // the centre palace's label sits just below the 立极 marker instead of under it
            className={
              `house-board__label` +
              `${atCentre(c.labelPoint, width, height, centerX, centerY) ? ' house-board__label--centre' : ''}`
            }
            style={{ left: inside(c.labelPoint.x, width), top: inside(c.labelPoint.y, height) }}
          >
            <Text className="house-board__label-name">{c.label}</Text>
            {props.cellNote?.(c)}
          </View>
        ))}
        {/* the 立极 centre: a small ring with a dot; the centre palace's label is moved below it */}
        <View className="house-board__centre" style={{ left: pct(centerX, 1), top: pct(centerY, 1) }} />
      </View>
      {drawn.error && <Text className="tool-error">{drawn.error}</Text>}
      {onMove && (
        <View className="house-board__controls">
          <Text className="tool-card__note">点按或拖动户型图放置立极中心；拖动滑块微调</Text>
          <SliderRow
            label="中心横向"
            value={Math.round(centerX * 100)}
            min={1}
            max={99}
            onChange={(v) => onMove({ centerX: v / 100, centerY, rotation })}
          />
          <SliderRow
            label="中心纵向"
            value={Math.round(centerY * 100)}
            min={1}
            max={99}
            onChange={(v) => onMove({ centerX, centerY: v / 100, rotation })}
          />
          <SliderRow
            label="朝向所在"
            value={Math.round(rotation)}
            min={0}
            max={359}
            unit="°"
            onChange={(v) => onMove({ centerX, centerY, rotation: v })}
          />
        </View>
      )}
    </View>
  )
}

function SliderRow({
  label,
  value,
  min,
  max,
  unit = '%',
  onChange
}: {
  label: string
  value: number
  min: number
  max: number
  unit?: string
  onChange: (v: number) => void
}) {
  return (
    <View className="tool-row house-board__slider" data-label={label}>
      <Text className="house-board__slider-label">{label}</Text>
      <Slider
        className="house-board__slider-bar"
        min={min}
        max={max}
        step={1}
        value={value}
        activeColor="#F57C00"
        blockSize={20}
        onChanging={(e) => onChange(Number(e.detail.value))}
        onChange={(e) => onChange(Number(e.detail.value))}
      />
      <Text className="house-board__slider-value">
        {value}
        {unit}
      </Text>
    </View>
  )
}
