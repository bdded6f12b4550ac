import Taro from '@tarojs/taro'

import { errorMessage, isEnvelopeLike } from '@/core/errors'

export const toast = (title: string) => void Taro.showToast({ title, icon: 'none' }).catch(() => undefined)

/**
 * Says why an action failed. A code-0 answer was already shown by the request layer and a -9999 answer
 * opens the login, so only the rest (network failures, payment errors ...) is shown here.
 */
export function reportFailure(e: unknown): void {
  if (isEnvelopeLike(e) && (e.code === 0 || e.code === -9999)) return
  toast(errorMessage(e))
}

/** Runs an action after the user confirms it in a dialog. */
export async function confirmed(title: string, content: string): Promise<boolean> {
  const result = await Taro.showModal({ title, content, confirmText: '确定', cancelText: '取消' })
  return result.confirm
}
