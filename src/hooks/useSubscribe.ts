import type { SubscribeScene } from '@contract'
import { useEffect } from 'react'

import { askSubscribe, prepareSubscribe } from '@/platform/subscribe'

/**
 * For a page whose tap leads to messages (paying, booking, signing up, applying, withdrawing): the scene's 订阅消息
 * templates are fetched as the page loads, and the function returned asks for them. Call it first thing in the tap
 * handler, before any await (WeChat shows the ask only within the tap), and await it before the action goes on.
 * Nothing in a browser.
 */
export function useSubscribe(scene: SubscribeScene): () => Promise<void> {
  useEffect(() => prepareSubscribe(scene), [scene])
  return () => askSubscribe(scene)
}
