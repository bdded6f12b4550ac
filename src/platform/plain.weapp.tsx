import { Button, Image, Text, View } from '@tarojs/components'
import type { PropsWithChildren } from 'react'

import {
  type MiniButtonProps,
  type PictureProps,
  type PlainProps,
  STROKE_ICON,
  type StrokeIconProps
} from './plain-props'

/** Mini-program: Taro's own View, Text, Image and Button (native components, nothing to spare). */
export function Box({ children, ...props }: PropsWithChildren<PlainProps>) {
  return <View {...props}>{children}</View>
}

export function Label({ children, ...props }: PropsWithChildren<PlainProps>) {
  return <Text {...props}>{children}</Text>
}

export function Picture({ className, src, mode, lazyLoad, 'aria-label': label }: PictureProps) {
  return <Image className={className} src={src} mode={mode} lazyLoad={lazyLoad} aria-label={label} />
}

export function MiniButton({ children, className, onClick }: PropsWithChildren<MiniButtonProps>) {
  return (
    <Button className={className} size="mini" onClick={onClick}>
      {children}
    </Button>
  )
}

/** The mini-program has no SVG elements: the icon is a background picture of its SVG. */
export function StrokeIcon({ className, path, color }: StrokeIconProps) {
  const { viewBox, width, cap, join } = STROKE_ICON
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="${viewBox}" fill="none" ` +
    `stroke="${color}" stroke-width="${width}" stroke-linecap="${cap}" stroke-linejoin="${join}">` +
    `<path d="${path}"/></svg>`
  return (
    <View
      className={className}
      style={{ backgroundImage: `url("data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}")` }}
    />
  )
}
