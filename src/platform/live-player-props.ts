import type { LiveStatus } from '@contract'

export interface LivePlayerProps {
  /** The stream while live (HLS .m3u8 or FLV), the recording for a replay. */
  src: string
  status: Exclude<LiveStatus, 'upcoming'>
  className?: string
}

/** An HLS playlist, by its path (a provider's signed query may follow). */
export const isHls = (src: string) => /\.m3u8($|\?)/i.test(src)
export const isFlv = (src: string) => /\.flv($|\?)/i.test(src)
