import './SharePoster.scss'

import { Canvas, Image, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { type ReactNode, useEffect, useState } from 'react'

import { ErrorView, Loading } from '@/components/States'
import { errorMessage } from '@/core/errors'
import { buildShareLink, type ShareContent } from '@/core/share'
import { CAN_SHARE_IMAGE, posterImage, savePoster, shareHostOf, sharePosterImage } from '@/platform/poster'
import { appStore, sessionStore } from '@/stores'

import { canvasNode, sizedContext } from './canvas'
import { POSTER_WIDTH, type PosterDoc, posterRatio, renderPoster } from './poster'
import { encodeQr } from './qr'

/** Width the poster is shown at, in px (the sheet's frame). */
const FRAME_WIDTH = 300

interface Props {
  /** the canvas id, unique on the page */
  id: string
  /** the button's text and class (it sits in the page's own action row) */
  children: ReactNode
  className?: string
  /** name of the saved file, without extension */
  fileName: string
  /** what the QR opens: a route and its options; the sharer's id is added as referee_id */
  target: NonNullable<ShareContent['target']>
  /** the poster without its code; undefined while the page's data is loading */
  doc: Omit<PosterDoc, 'code'> | undefined
}

/**
 * "分享海报": draws the poster (or long image) with the QR of a link carrying my referee_id, shows it
 * to long-press (send to a friend, save) and saves it: a download in a browser, the album in the
 * mini-program, where WeChat's image share sheet also sends it to a friend or Moments.
 */
function SharePoster({ id, children, className, fileName, target, doc }: Props) {
  const [open, setOpen] = useState(false)
  const [image, setImage] = useState('')
  // shown at the frame's width: its height follows the poster's (a long image scrolls in the frame)
  const [shownHeight, setShownHeight] = useState(0)
  const [link, setLink] = useState('')
  const [error, setError] = useState('')

  useEffect(() => {
    if (!open || !doc) return
    let cancelled = false
    const draw = async () => {
      const config = appStore.config ?? (await appStore.loadConfig())
      const shareLink = buildShareLink({
        h5Host: shareHostOf(config),
        route: target.route,
        options: target.options,
        userId: sessionStore.user_id
      })
      setLink(shareLink)
      const canvas = await canvasNode(id)
      if (!canvas) throw new Error('当前环境不支持绘制海报')
      const full: PosterDoc = { ...doc, code: { qr: encodeQr(shareLink) } }
      const height = renderPoster(canvas.getContext('2d'), full, false)
      const ctx = sizedContext(canvas, POSTER_WIDTH, height, posterRatio(height, Taro.getWindowInfo().pixelRatio))
      renderPoster(ctx, full, true)
      const exported = await posterImage(canvas)
      if (cancelled) return
      setShownHeight(Math.round((height * FRAME_WIDTH) / POSTER_WIDTH))
      setImage(exported)
    }
    setImage('')
    setError('')
    draw().catch((e) => !cancelled && setError(`海报生成失败：${errorMessage(e)}`))
    return () => {
      cancelled = true
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs only when these values change
  }, [open, doc, JSON.stringify(target)])

  const save = async () => {
    try {
      await savePoster(image, fileName)
      Taro.showToast({ title: '图片已保存', icon: 'success' }).catch(() => undefined)
    } catch (e) {
      Taro.showToast({ title: `保存失败：${errorMessage(e)}`, icon: 'none' }).catch(() => undefined)
    }
  }
  const send = () =>
    sharePosterImage(image).catch((e) =>
      Taro.showToast({ title: errorMessage(e), icon: 'none' }).catch(() => undefined)
    )

  return (
    <>
      <View className={className ?? 'share-poster__open'} onClick={() => setOpen(true)}>
        {children}
      </View>
      {open && (
        <View className="share-poster" catchMove>
          <Canvas
            type="2d"
            id={id}
            className="share-poster__canvas"
            style={{ width: `${POSTER_WIDTH}px`, height: '100px' }}
          />
          <View className="share-poster__sheet">
            <View className="share-poster__frame">
              {image ? (
                <Image
                  className="share-poster__image"
                  src={image}
                  mode="scaleToFill"
                  style={{ width: `${FRAME_WIDTH}px`, height: `${shownHeight}px` }}
                  showMenuByLongpress
                />
              ) : error ? (
                <ErrorView message={error} />
              ) : (
                <Loading text="正在生成图片" />
              )}
            </View>
            {image && <Text className="share-poster__tip">长按图片可发送给朋友或保存；好友扫码即可查看</Text>}
            <View className="share-poster__actions">
              <View className="share-poster__btn" onClick={() => setOpen(false)}>
                关闭
              </View>
              {image && CAN_SHARE_IMAGE && (
                <View className="share-poster__btn share-poster__btn--primary" onClick={send}>
                  分享给好友
                </View>
              )}
              {image && (
                <View className="share-poster__btn share-poster__btn--primary share-poster__save" onClick={save}>
                  保存图片
                </View>
              )}
            </View>
            {link && (
              <Text className="share-poster__link" selectable>
                {link}
              </Text>
            )}
          </View>
        </View>
      )}
    </>
  )
}

export default observer(SharePoster)
