import { currentLocale } from '@/core/i18n'
import { createRequest } from '@/core/request'
import { baseUrl, client } from '@/platform/env'
import { loginGate, relogin } from '@/platform/login'
import { appStorage } from '@/platform/storage'
import { transport } from '@/platform/transport'
import { loadingIndicator, ui } from '@/platform/ui'

/**
 * THE request instance of the app: every endpoint function goes through it, pages never call Taro.request.
 * relogin is looked up at call time: platform/login itself calls endpoints defined on this instance.
 */
export const { request, upload, http } = createRequest({
  transport,
  ui,
  loading: loadingIndicator,
  storage: appStorage,
  baseUrl,
  client,
  relogin: () => relogin(),
  pendingLogin: () => loginGate.pending(),
  language: currentLocale
})
