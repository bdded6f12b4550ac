import Taro, { useDidShow } from '@tarojs/taro'
import { useEffect } from 'react'

import { readCredential } from '@/core/credential'
import { buildShareLink, type ShareContent } from '@/core/share'

import { h5Host, isWechatBrowser } from './env'
import { appStorage } from './storage'
import { configuredSdk } from './wechat-jssdk'

/** Browser sharing (WeChat JS-SDK); the mini-program's is share.weapp.ts with the same exports. */

export { configureJsSdk } from './wechat-jssdk'

/** The current page's route and options, as Taro's router reports them. */
function currentPage(): { route: string; options: Record<string, string> } {
  const router = Taro.getCurrentInstance().router
  return { route: router?.path ?? '', options: (router?.params ?? {}) as Record<string, string> }
}

/** The link a share of the current page carries: h5 host + '#/' + route + options + referee_id of the sharer. */
export function currentShareLink(target?: ShareContent['target']): string {
  const { route, options } = target ?? currentPage()
  return buildShareLink({ h5Host: h5Host(), route, options, userId: readCredential(appStorage)?.user_id })
}

/** Sets what WeChat's share menu sends for the current page (friend and timeline). */
export async function updateShare(content: ShareContent): Promise<void> {
  if (!isWechatBrowser()) return
  const sdk = await configuredSdk()
  if (!sdk) return
  const link = currentShareLink(content.target)
  const imgUrl = content.imageUrl ?? ''
  sdk.updateAppMessageShareData({ title: content.title, desc: content.desc ?? '', link, imgUrl })
  sdk.updateTimelineShareData({ title: content.title, link, imgUrl })
}

/**
 * Makes a page shareable to friends and the timeline with this title, description and image.
 * Called by every page; updated whenever the content changes and when the page shows again.
 */
export function useShare(content: ShareContent): void {
  useEffect(() => {
    void updateShare(content)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs only when these values change
  }, [content.title, content.desc, content.imageUrl, JSON.stringify(content.target)])
  useDidShow(() => void updateShare(content))
}
