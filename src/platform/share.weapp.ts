import Taro, { useShareAppMessage, useShareTimeline } from '@tarojs/taro'

import { readCredential } from '@/core/credential'
import { buildMiniShare, type ShareContent } from '@/core/share'

import { appStorage } from './storage'

/** Mini-program sharing; same exports as share.ts (the browser's). Pages also need enableShareAppMessage/Timeline. */

/** No JS-SDK in the mini-program. */
export async function configureJsSdk(): Promise<void> {}

function currentShare(content: ShareContent) {
  const router = Taro.getCurrentInstance().router
  return buildMiniShare({
    route: content.target?.route ?? router?.path ?? '',
    options: content.target?.options ?? ((router?.params ?? {}) as Record<string, string>),
    userId: readCredential(appStorage)?.user_id,
    ...content
  })
}

/** The path a share of the current page carries ('/route?options&referee_id=..'). */
export function currentShareLink(): string {
  return currentShare({ title: '' }).appMessage.path
}

/** The mini-program asks the page when the user shares: nothing to push ahead of time. */
export async function updateShare(_content: ShareContent): Promise<void> {}

export function useShare(content: ShareContent): void {
  useShareAppMessage(() => currentShare(content).appMessage)
  useShareTimeline(() => currentShare(content).timeline)
}
