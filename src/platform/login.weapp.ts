import Taro from '@tarojs/taro'

import { mpLogin } from '@/api/wechat'
import { saveCredential } from '@/core/credential'
import { errorMessage } from '@/core/errors'
import type { LoginOutcome } from '@/core/launch'
import { createLoginGate } from '@/core/login-gate'

import { singlePageMode } from './env'
import { loginRequired } from './login-required'
import { appStorage } from './storage'
import { ui } from './ui'

/** What a tap that needs the full mini-program says in 单页模式. */
const SINGLE_PAGE_HINT = '请点击屏幕下方「前往小程序」使用完整功能'

/** Mini-program login: wx.login's code exchanged at mpLogin (client 'wxapp'); same exports as login.ts. */
async function wxLogin(): Promise<LoginOutcome> {
  // 单页模式 has no login: what needs it waits for the full mini-program, which WeChat's bottom bar opens.
  if (singlePageMode()) {
    ui.toast(SINGLE_PAGE_HINT)
    return 'stopped'
  }
  try {
    const { code } = await Taro.login()
    const credential = await mpLogin({ code, client: 'wxapp', referee_id: appStorage.get('refereeId') ?? '' })
    saveCredential(appStorage, credential)
    return 'logged-in'
  } catch (error) {
    const reason = errorMessage(error, '登录失败，请稍后再试')
    ui.toast(reason)
    loginRequired.emit({ reason })
    return 'stopped'
  }
}

/** The one login: the launch, requests that need a token and login buttons share it. */
export const loginGate = createLoginGate(wxLogin)

export const wechatLogin = loginGate.run

/** The mini-program logs in again silently. */
export const relogin = wechatLogin

export const login = wechatLogin

/** wx.login needs no form. */
export const loginsSilently = () => true
