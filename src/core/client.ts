import type { ClientKind } from '@contract'

/** WeChat's in-app browser names itself MicroMessenger in its user agent. */
export function isWechatUserAgent(userAgent: string): boolean {
  return /MicroMessenger/i.test(userAgent)
}

/**
 * The client sent with every request from a browser: 'h5' inside WeChat, 'web' elsewhere. The mini-program is 'wxapp'.
 */
export function browserClient(userAgent: string): Exclude<ClientKind, 'wxapp'> {
  return isWechatUserAgent(userAgent) ? 'h5' : 'web'
}

export function isIosUserAgent(userAgent: string): boolean {
  return /iPhone|iPad|iPod/i.test(userAgent)
}
