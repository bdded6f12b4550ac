import { LivePlayer as NativeLivePlayer, Video } from '@tarojs/components'

import type { LivePlayerProps } from './live-player-props'

/**
 * Mini-program side of the live player: `live-player` for a stream on air (FLV or HLS; WeChat grants
 * it to certain categories of mini-program), `video` for a replay.
 */
export default function LivePlayer({ src, status, className = '' }: LivePlayerProps) {
  if (status === 'live')
    return (
      <NativeLivePlayer
        className={className}
        src={src}
        mode="live"
        autoplay
        objectFit="contain"
        style={{ width: '100%', height: '100%' }}
      />
    )
  return (
    <Video
      className={className}
      src={src}
      autoplay
      controls
      showCenterPlayBtn
      objectFit="contain"
      style={{ width: '100%', height: '100%' }}
    />
  )
}
