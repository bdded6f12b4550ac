import type { SubscribeScene } from '@contract'

/**
 * WeChat's 订阅消息 asks (subscribe.weapp.ts). A browser has none: H5 and the web are told through the official
 * account's 模板消息 and the in-app messages, which need no ask. Same exports.
 */

/** Gets ready to ask at this scene's tap. */
export function prepareSubscribe(_scene: SubscribeScene): void {}

/** Asks at the tap; resolves when the user has answered, never rejects. */
export function askSubscribe(_scene: SubscribeScene): Promise<void> {
  return Promise.resolve()
}
