import type { CSSProperties } from 'react'

/** What the plain elements take, on both targets. */
export interface PlainProps {
  className?: string
  style?: CSSProperties
  role?: string
  'aria-label'?: string
  'aria-selected'?: boolean
  'aria-busy'?: boolean | 'true'
  'data-tab'?: number
  onClick?: () => void
}

export interface PictureProps {
  className?: string
  src: string
  mode: 'aspectFill' | 'aspectFit'
  lazyLoad?: boolean
  'aria-label'?: string
}

export interface MiniButtonProps {
  className?: string
  onClick?: () => void
}

/** How a stroke icon is drawn, on both targets: a 24x24 box, lines 1.8 wide with round ends and joins. */
export const STROKE_ICON = { viewBox: '0 0 24 24', width: 1.8, cap: 'round', join: 'round' } as const

/** A 24x24 stroke icon: one SVG path drawn in one colour. */
export interface StrokeIconProps {
  className?: string
  path: string
  color: string
}
