import type { LiveStatus } from '@contract'

export interface LivePlayerProps {
  /** The stream while live (HLS .m3u8, HTTP-FLV or RTMP), the recording for a replay. */
  src: string
  status: Exclude<LiveStatus, 'upcoming'>
  className?: string
}
