import { storeLaunchReferee } from './referee'
import type { AppStorage } from './storage'

/** Result of the WeChat login step: on 'redirecting' the page is leaving, so launch stops there. */
export type LoginOutcome = 'logged-in' | 'redirecting' | 'stopped'

export interface LaunchEnv {
  storage: AppStorage
  /** The launch query (page options the app was opened with). */
  query?: Record<string, unknown>
  /** The full address of the current page. */
  currentUrl: string
  /** Inside WeChat: its browser (OAuth) or the mini-program (wx.login). */
  insideWechat: boolean
  openDebugConsole(): unknown
  wechatLogin(): Promise<LoginOutcome>
  /** Configures the WeChat JS-SDK with the signature from the server. */
  configureJsSdk(): Promise<unknown>
  log(message: string, error?: unknown): void
  /** Called once the referrer is stored: requests that need no login may go out, carrying it (spec §7). */
  referrerKnown?(): void
}

/**
 * The launch steps of docs/spec.md §4, in order:
 * 1 debug console when the VConsole flag is stored; 2 refereeId from the launch query ('' when absent);
 * 3 pathUrl = the current address; 4 inside WeChat without isLoggedIn, the WeChat login;
 * 5 then the JS-SDK (a no-op in the mini-program), whose failure is only logged.
 */
export async function runLaunch(env: LaunchEnv): Promise<void> {
  if (env.storage.get('VConsole')) {
    try {
      await env.openDebugConsole()
    } catch (error) {
      env.log('调试面板打开失败', error)
    }
  }
  storeLaunchReferee(env.storage, env.query)
  env.storage.set('pathUrl', env.currentUrl)
  env.referrerKnown?.()
  if (!env.insideWechat) return
  if (!env.storage.get('isLoggedIn')) {
    const outcome = await env.wechatLogin()
    if (outcome === 'redirecting') return
  }
  try {
    await env.configureJsSdk()
  } catch (error) {
    env.log('微信 JS-SDK 配置失败', error)
  }
}

/** Spec 4 step 6: each time the app is shown a page-view event goes to the server; a failure is only logged. */
export async function reportPageView(
  path: string,
  send: (path: string) => Promise<unknown>,
  log: (message: string, error?: unknown) => void
): Promise<void> {
  try {
    await send(path)
  } catch (error) {
    log('页面访问统计发送失败', error)
  }
}
