import type { ClientKind } from '@contract'
import Taro from '@tarojs/taro'

import { FRAMEWORK_TIMEOUT } from '@/core/constants'
import { appendQuery } from '@/core/url'

/** Mini-program environment; same exports as env.ts (the browser's). */

export const client = (): ClientKind => 'wxapp'

export const isWechatBrowser = (): boolean => false

/** Always inside WeChat: the mini-program logs in silently at launch with wx.login. */
export const insideWechat = (): boolean => true

/**
 * The longest a request or upload may wait: WeChat ends every one at app.json's networkTimeout (60 s), whatever
 * a call asks for, so the spec's 300 s is capped here and a time-out is reported as the one WeChat makes.
 */
export const timeoutCap = (): number => FRAMEWORK_TIMEOUT

/** The API host; WeChat DevTools reaches the local server when domain checks are off. */
export const baseUrl = (): string => process.env.API_BASE || 'http://127.0.0.1:3000'

/** The current page as '/route?query' (the launch page before any page exists). */
export function currentUrl(): string {
  const pages = Taro.getCurrentPages()
  const page = pages[pages.length - 1]
  if (page?.route) return appendQuery(`/${page.route}`, (page.options ?? {}) as Record<string, string>)
  const launch = Taro.getLaunchOptionsSync()
  return appendQuery(`/${launch.path}`, launch.query ?? {})
}

export const launchQuery = (): Record<string, string> =>
  (Taro.getLaunchOptionsSync().query ?? {}) as Record<string, string>

/** The JS-SDK is a browser thing: nothing to sign in the mini-program. */
export const signatureUrl = (): string => ''

export const h5Host = (): string => process.env.H5_URL || ''
