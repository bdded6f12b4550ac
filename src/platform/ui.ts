import Taro from '@tarojs/taro'

import { TOAST_DURATION } from '@/core/constants'
import { t } from '@/core/i18n'
import { createLoadingCounter } from '@/core/loading'
import type { RequestUi } from '@/core/request'

/** Taro's feedback calls return promises that reject when, e.g., no loading is open: nothing to do then. */
const quietly = (result: Promise<unknown> | void) => {
  if (result) result.catch(() => undefined)
}

export const ui: RequestUi = {
  showLoading: (title, mask) => quietly(Taro.showLoading({ title, mask })),
  hideLoading: () => quietly(Taro.hideLoading()),
  toast: (message) => quietly(Taro.showToast({ title: message, icon: 'none', duration: TOAST_DURATION }))
}

/** The app's one '加载中' indicator: requests and lazy page loads share it, so one never hides the other's. */
export const loadingIndicator = createLoadingCounter(ui)

/** A confirm dialog; resolves true when the user confirms. */
export async function confirmDialog(title: string, content: string): Promise<boolean> {
  const result = await Taro.showModal({
    title,
    content,
    confirmText: t('common.confirm'),
    cancelText: t('common.cancel')
  })
  return result.confirm
}
