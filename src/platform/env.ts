import type { ClientKind } from '@contract'

import { browserClient, isIosUserAgent, isWechatUserAgent } from '@/core/client'
import { parseQuery, withoutHash } from '@/core/url'

/**
 * Browser (H5) environment; the mini-program's is env.weapp.ts with the same exports.
 * Both H5 clients talk to the API on the same origin unless API_BASE names another host.
 */
const userAgent = () => (typeof navigator === 'undefined' ? '' : navigator.userAgent)
const href = () => (typeof location === 'undefined' ? '' : location.href)

/** The address the page was opened at, before login removes code/state: iOS WeChat signs the JS-SDK against it. */
const landingUrl = withoutHash(href())

export const client = (): ClientKind => browserClient(userAgent())

export const isWechatBrowser = (): boolean => isWechatUserAgent(userAgent())

/** Inside WeChat (its browser here): the app logs in by itself at launch, through OAuth. */
export const insideWechat = (): boolean => isWechatBrowser()

/** 单页模式 is the mini-program's (a page opened from a 朋友圈 share); a browser has none. */
export const singlePageMode = (): boolean => false

export const baseUrl = (): string => process.env.API_BASE || ''

/** The longest a request may wait: a browser imposes no cap of its own (the mini-program's is 60 s). */
export const timeoutCap = (): number => Infinity

/** Requests at once: a browser queues what it cannot send yet by itself (the mini-program's limit is 10). */
export const concurrentRequests = (): number => Infinity

export const currentUrl = (): string => href()

/** The launch query: the address's query and the hash route's query (the hash wins). */
export function launchQuery(): Record<string, string> {
  if (typeof location === 'undefined') return {}
  const hashQueryAt = location.hash.indexOf('?')
  const hashQuery = hashQueryAt < 0 ? {} : parseQuery(location.hash.slice(hashQueryAt + 1))
  return { ...parseQuery(location.search), ...hashQuery }
}

/** The url the JS-SDK signature is made for: without the hash; on iOS the first landing address. */
export const signatureUrl = (): string => (isIosUserAgent(userAgent()) ? landingUrl : withoutHash(href()))

/** Where shared links point: H5_URL when configured, else this app's own address. */
export const h5Host = (): string =>
  process.env.H5_URL || (typeof location === 'undefined' ? '' : `${location.origin}${location.pathname}`)
