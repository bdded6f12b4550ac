import { getConfig } from '@/api'
import { mpLogin } from '@/api/wechat'
import { t } from '@/core/i18n'
import type { LoginOutcome } from '@/core/launch'
import { createLoginGate } from '@/core/login-gate'
import { runWechatOAuth } from '@/core/wechat-oauth'

import { isWechatBrowser } from './env'
import { loginRequired } from './login-required'
import { appStorage } from './storage'
import { ui } from './ui'

/** Browser login; the mini-program's is login.weapp.ts with the same exports. */

const randomState = () => Math.random().toString(36).slice(2, 12) + Date.now().toString(36)

/** Inside WeChat's browser: the OAuth round trip (redirect out, or finish the return with a code). */
function oauthLogin(): Promise<LoginOutcome> {
  return runWechatOAuth({
    storage: appStorage,
    tabStorage: window.sessionStorage,
    currentUrl: () => location.href,
    replaceUrl: (url) => history.replaceState(history.state, '', url),
    redirect: (url) => location.replace(url),
    fetchConfig: getConfig,
    exchange: (code, refereeId) => mpLogin({ code, client: 'h5', referee_id: refereeId }),
    toast: ui.toast,
    now: Date.now,
    randomState,
    delay: (ms) => new Promise((resolve) => setTimeout(resolve, ms))
  })
}

/** The one WeChat login: the launch, requests that need a token and login buttons share it. */
export const loginGate = createLoginGate(oauthLogin)

export const wechatLogin = loginGate.run

/**
 * Starts a login after the session was reset: OAuth inside WeChat; in other browsers visitors browse
 * freely and the app is told to offer its mobile-number login page.
 */
export async function relogin(): Promise<LoginOutcome> {
  if (isWechatBrowser()) return wechatLogin()
  loginRequired.emit({ reason: t('common.loginFirst') })
  return 'stopped'
}

/** Inside WeChat's browser the OAuth logs in without a form; elsewhere the app's login page does. */
export const loginsSilently = () => isWechatBrowser()

/** A login the user asked for (e.g. a "登录" button). */
export const login = relogin
