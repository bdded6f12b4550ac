import type { SmsCaptcha } from '@contract'

import { type Passed, simulatedCheck } from './captcha-simulated'

/**
 * Mini-program: its users are logged in by WeChat, which the server takes as the human check, so it asks for none.
 * Only the development simulator can still ask (a send before login); Tencent's puzzle would need its plugin.
 */
export async function passCaptcha(captcha: SmsCaptcha): Promise<Passed> {
  if (captcha.provider !== 'simulator') throw new Error('请先使用微信登录后再获取验证码')
  return simulatedCheck()
}
