import './plain.scss'

import type { PropsWithChildren } from 'react'

import {
  type MiniButtonProps,
  type PictureProps,
  type PlainProps,
  STROKE_ICON,
  type StrokeIconProps
} from './plain-props'

const FIT = { aspectFill: 'cover', aspectFit: 'contain' } as const

/**
 * Browser side (the mini-program's plain.weapp.tsx gives Taro's View, Text and Image): plain HTML
 * elements for what a phone draws on its first load (the home, the tab bar). In a browser each Taro
 * component is a web component with its own render cycle, and the home's few hundred of them held a slow
 * phone's main thread for several long tasks (docs/design.md).
 */
export function Box({ children, ...props }: PropsWithChildren<PlainProps>) {
  return <div {...props}>{children}</div>
}

export function Label({ children, ...props }: PropsWithChildren<PlainProps>) {
  return <span {...props}>{children}</span>
}

/** Taro's Image in a browser: the box carries the class, the picture inside fills it. */
export function Picture({ className = '', src, mode, lazyLoad, 'aria-label': label }: PictureProps) {
  return (
    <div className={`plain-image ${className}`} role={label ? 'img' : undefined} aria-label={label}>
      <img
        className="plain-image__img"
        src={src}
        alt=""
        loading={lazyLoad ? 'lazy' : undefined}
        style={{ objectFit: FIT[mode] }}
      />
    </div>
  )
}

/** Taro's Button with size="mini" in a browser: a plain button styled as Taro styles it. */
export function MiniButton({ children, className = '', onClick }: PropsWithChildren<MiniButtonProps>) {
  return (
    <button type="button" className={`plain-button ${className}`} onClick={onClick}>
      {children}
    </button>
  )
}

/**
 * A stroke icon as SVG in the page itself. As a picture (an `<img>` or a background of SVG), Chrome makes
 * each one a document of its own, loaded and laid out on the main thread while the page's styles are
 * worked out: the tab bar's six cost a slow phone more than its whole first screen's style and layout.
 */
export function StrokeIcon({ className, path, color }: StrokeIconProps) {
  return (
    <svg
      className={className}
      viewBox={STROKE_ICON.viewBox}
      fill="none"
      stroke={color}
      strokeWidth={STROKE_ICON.width}
      strokeLinecap={STROKE_ICON.cap}
      strokeLinejoin={STROKE_ICON.join}
      aria-hidden="true"
    >
      <path d={path} />
    </svg>
  )
}
