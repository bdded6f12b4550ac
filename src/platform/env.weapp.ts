import type { ClientKind } from '@contract'
import Taro from '@tarojs/taro'

import { FRAMEWORK_TIMEOUT } from '@/core/constants'
import { appendQuery } from '@/core/url'

/** Mini-program environment; same exports as env.ts (the browser's). */

export const client = (): ClientKind => 'wxapp'

export const isWechatBrowser = (): boolean => false

/**
 * Opened from a 朋友圈 share (scene 1154): WeChat runs the page in 单页模式, read-only under its own bar, where
 * wx.login and navigation to other pages fail; its bottom bar (前往小程序) opens the full mini-program.
 */
const SINGLE_PAGE_SCENE = 1154
export const singlePageMode = (): boolean => Taro.getLaunchOptionsSync().scene === SINGLE_PAGE_SCENE

/** Inside WeChat: the mini-program logs in silently at launch with wx.login, except in 单页模式. */
export const insideWechat = (): boolean => !singlePageMode()

/**
 * The longest a request or upload may wait: WeChat ends every one at app.json's networkTimeout (60 s), whatever
 * a call asks for, so the spec's 300 s is capped here and a time-out is reported as the one WeChat makes.
 */
export const timeoutCap = (): number => FRAMEWORK_TIMEOUT

/**
 * Requests and uploads at once: WeChat runs at most 10 requests, uploads and downloads together and fails the
 * rest; two are left for the downloads posters and pictures make outside the request layer.
 */
export const concurrentRequests = (): number => 8

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
