// A live session's pull address decides its player: HLS in <video> on both targets, FLV and RTMP only in the
// mini-program's <live-player> (contract/course.ts).
import { streamKind } from '@contract/course'

describe('streamKind', () => {
  it.each([
    ['https://live.example.com/app/room1.m3u8', 'hls'],
    ['https://live.example.com/app/room1.m3u8?auth_key=1-0-0-abc', 'hls'],
    ['http://live.example.com/app/room1.flv', 'flv'],
    ['https://live.example.com/app/room1.FLV?txSecret=abc&txTime=5f', 'flv'],
    ['rtmp://live.example.com/app/room1', 'rtmp'],
    ['rtmps://live.example.com/app/room1?key=1', 'rtmp']
  ])('%s is %s', (url, kind) => {
    expect(streamKind(url)).toBe(kind)
  })

  it.each(['', 'https://live.example.com/room1.mp4', 'ftp://live.example.com/room1.flv', 'javascript:alert(1)//.m3u8'])(
    '%j is no stream',
    (url) => {
      expect(streamKind(url)).toBeUndefined()
    }
  )
})
