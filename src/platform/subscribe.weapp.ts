import type { SubscribeScene } from '@contract'
import Taro from '@tarojs/taro'

import { getSubscribeTemplates, reportSubscribe } from '@/api/message'
import { readCredential } from '@/core/credential'

import { loginGate } from './login'
import { appStorage } from './storage'

/**
 * WeChat's 订阅消息: a message reaches the user only after they accepted its template in
 * wx.requestSubscribeMessage, once per message, and WeChat shows that ask only when it is called in a tap's own
 * call stack. So a page fetches its scene's template ids when it loads (prepareSubscribe) and the tap handler asks
 * first thing (askSubscribe), before anything it awaits. Nothing here may stop the action the tap was for: every
 * failure is swallowed. Same exports as subscribe.ts.
 */

/** The template ids of each scene, as the console set them; kept for the app's run. */
const templates = new Map<SubscribeScene, string[]>()
const fetching = new Set<SubscribeScene>()

/** Fetches the scene's template ids ahead of its tap; with no login (nor one under way) at a later call. */
export function prepareSubscribe(scene: SubscribeScene): void {
  // The ids are a logged-in user's route: without a login the call would start one (the launch's is waited for).
  if (templates.has(scene) || fetching.has(scene) || !(readCredential(appStorage) || loginGate.pending())) return
  fetching.add(scene)
  getSubscribeTemplates(scene)
    .then(({ template_ids }) => void templates.set(scene, template_ids))
    // Not kept: the next page or tap of this scene asks again.
    .catch(() => undefined)
    .finally(() => fetching.delete(scene))
}

/**
 * Asks for the scene's templates (call it synchronously in the tap handler, before any await) and resolves once
 * the user has answered, so that WeChat's cashier or the next dialog does not open over the ask; reports the answer
 * without waiting for it. Ids not fetched yet: nothing is asked this time, and they are fetched for the next tap.
 */
export function askSubscribe(scene: SubscribeScene): Promise<void> {
  const tmplIds = templates.get(scene)
  if (!tmplIds) prepareSubscribe(scene)
  if (!tmplIds?.length) return Promise.resolve()
  let asked: Promise<object>
  try {
    asked = Taro.requestSubscribeMessage({ tmplIds } as Taro.requestSubscribeMessage.Option)
  } catch {
    return Promise.resolve()
  }
  return asked.then(
    (answer) => {
      // The answer holds errMsg beside one key per template: accept, reject, ban or filter.
      const results: Record<string, string> = {}
      for (const id of tmplIds) {
        const choice = (answer as Record<string, unknown>)[id]
        if (typeof choice === 'string') results[id] = choice
      }
      if (Object.keys(results).length) reportSubscribe({ results }).catch(() => undefined)
    },
    // Turned off in WeChat's settings (20004), an old client, a template gone: the tap goes on.
    () => undefined
  )
}
