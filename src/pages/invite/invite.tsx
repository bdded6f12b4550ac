import './invite.scss'

import { HOME } from '@contract/routes'
import { Canvas, Image, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect, useState } from 'react'

import Page from '@/components/Page'
import { canvasNode, sizedContext } from '@/components/share/canvas'
import { encodeQr } from '@/components/share/qr'
import { ErrorView, Loading } from '@/components/States'
import LoginRequired from '@/components/States/LoginRequired'
import { errorMessage } from '@/core/errors'
import { buildShareLink } from '@/core/share'
import { useUser } from '@/hooks/useUser'
import { inviteCodeImage, loadImage, posterImage, savePoster, shareHostOf } from '@/platform/poster'
import { appStore, sessionStore } from '@/stores'

import { drawPoster, POSTER } from './poster'

const SHARE = { title: '我在易学学习传统文化，邀请你一起来', desc: '八字排盘、奇门遁甲、名师课程，一站学易' }

/** pages/invite/invite: the invitation poster — avatar, name, text and a QR code of my share link. */
function Invite() {
  const loggedIn = useUser('登录后生成您的专属邀请函')
  const profile = appStore.profile
  const config = appStore.config
  const [link, setLink] = useState('')
  const [image, setImage] = useState('')
  const [error, setError] = useState('')

  useEffect(() => {
    void appStore.loadConfig()
    if (loggedIn) void appStore.loadProfile()
  }, [loggedIn])

  useEffect(() => {
    if (!profile || !config || !sessionStore.user_id) return
    let cancelled = false
    const draw = async () => {
      // The code carries what sharing carries: the home route with my id as referee_id (in the
      // mini-program, a mini-program code whose scene is referee_id=<id> when one is configured).
      const shareLink = buildShareLink({ h5Host: shareHostOf(config), route: HOME, userId: sessionStore.user_id })
      setLink(shareLink)
      const canvas = await canvasNode('invite-poster')
      if (!canvas) throw new Error('当前环境不支持绘制海报')
      const ctx = sizedContext(canvas, POSTER.width, POSTER.height, Taro.getWindowInfo().pixelRatio || 2)
      const avatar = profile.avatar ? await loadImage(canvas, profile.avatar) : undefined
      const codeImage = await inviteCodeImage(canvas)
      drawPoster(ctx, {
        nickname: profile.nickname,
        avatar,
        code: codeImage ? { image: codeImage } : { qr: encodeQr(shareLink) }
      })
      const exported = await posterImage(canvas)
      if (!cancelled) setImage(exported)
    }
    draw().catch((e) => !cancelled && setError(`海报生成失败：${errorMessage(e)}`))
    return () => {
      cancelled = true
    }
  }, [profile, config])

  const save = async () => {
    try {
      await savePoster(image)
      Taro.showToast({ title: '已保存邀请函', icon: 'success' })
    } catch (e) {
      Taro.showToast({ title: `保存失败：${errorMessage(e)}`, icon: 'none' })
    }
  }

  if (!loggedIn)
    return (
      <Page share={SHARE}>
        <LoginRequired message="登录后生成您的专属邀请函" />
      </Page>
    )
  const failed = error || appStore.profileError || appStore.configError
  return (
    <Page share={SHARE}>
      <View className="invite">
        <Canvas
          type="2d"
          id="invite-poster"
          className="invite__canvas"
          style={{ width: `${POSTER.width}px`, height: `${POSTER.height}px` }}
        />
        {image ? (
          <Image className="invite__image" src={image} mode="aspectFit" showMenuByLongpress />
        ) : failed ? (
          <ErrorView message={failed} />
        ) : (
          <Loading text="正在生成邀请函" />
        )}
        {image && (
          <>
            <Text className="invite__tip">长按图片可保存或发送给好友；好友扫码登录后即成为您的推荐好友</Text>
            <View className="invite__save" onClick={save}>
              保存到相册
            </View>
          </>
        )}
        {link && (
          <Text className="invite__link" selectable>
            {link}
          </Text>
        )}
      </View>
    </Page>
  )
}

export default observer(Invite)
