import { streamKind } from '@contract'
import { Text, View } from '@tarojs/components'
import { useEffect, useRef, useState } from 'react'

import type { LivePlayerProps } from './live-player-props'

/**
 * Browser side of the live player (the mini-program's is LivePlayer.weapp.tsx). HLS plays natively
 * where the browser can (Safari, WeChat on iOS) and through hls.js elsewhere; hls.js is loaded only
 * when needed, so it never weighs on other pages. Browsers cannot play FLV or RTMP without a plug-in.
 */
export default function LivePlayer({ src, status, className = '' }: LivePlayerProps) {
  const video = useRef<HTMLVideoElement>(null)
  const [error, setError] = useState('')

  useEffect(() => {
    const el = video.current
    setError('')
    if (!el) return
    const kind = streamKind(src)
    if (kind === 'flv' || kind === 'rtmp') {
      setError(`该直播为 ${kind.toUpperCase()} 格式，请在小程序中观看`)
      return
    }
    if (kind !== 'hls' || el.canPlayType('application/vnd.apple.mpegurl')) {
      el.src = src
      return
    }
    let gone = false
    let destroy = () => {}
    import('hls.js').then(
      ({ default: Hls }) => {
        if (gone) return
        if (!Hls.isSupported()) return setError('当前浏览器无法播放直播，请在微信中打开')
        const hls = new Hls({ lowLatencyMode: status === 'live' })
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (data.fatal) setError(status === 'live' ? '直播信号中断，请稍后再试' : '回放加载失败，请稍后再试')
        })
        hls.loadSource(src)
        hls.attachMedia(el)
        destroy = () => hls.destroy()
      },
      () => !gone && setError('播放器加载失败，请刷新页面重试')
    )
    return () => {
      gone = true
      destroy()
    }
  }, [src, status])

  return (
    <View className={className}>
      <video
        ref={video}
        className="live-player__video"
        style={{ width: '100%', height: '100%', display: error ? 'none' : 'block' }}
        controls
        autoPlay
        playsInline
      />
      {error && (
        <View
          className="live-player__error"
          style={{ height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center' }}
        >
          <Text style={{ color: '#FFFFFF', fontSize: '13px' }}>{error}</Text>
        </View>
      )}
    </View>
  )
}
