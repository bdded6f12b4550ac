import { Button, Image, Text, View } from '@tarojs/components'
import type { PropsWithChildren } from 'react'

import type { MiniButtonProps, PictureProps, PlainProps } from './plain-props'

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
