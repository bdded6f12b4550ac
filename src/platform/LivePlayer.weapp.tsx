import { streamKind } from '@contract'
import { LivePlayer as NativeLivePlayer, Video } from '@tarojs/components'

import type { LivePlayerProps } from './live-player-props'

const FILL = { width: '100%', height: '100%' }

/**
 * Mini-program side of the live player. `<live-player>` plays only RTMP and HTTP-FLV (and only for the 服务类目
 * WeChat grants it to): an HLS stream on air plays in `<video>` as a live source (no progress bar, no seeking),
 * and so does a replay, as a file.
 */
export default function LivePlayer({ src, status, className = '' }: LivePlayerProps) {
  const kind = streamKind(src)
  if (status === 'live' && (kind === 'flv' || kind === 'rtmp'))
    return <NativeLivePlayer className={className} src={src} mode="live" autoplay objectFit="contain" style={FILL} />
  const live = status === 'live'
  return (
    <Video
      className={className}
      src={src}
      autoplay
      controls
      isLive={live}
      showProgress={!live}
      enableProgressGesture={!live}
      showCenterPlayBtn
      objectFit="contain"
      style={FILL}
    />
  )
}
