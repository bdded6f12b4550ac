import crypto from 'node:crypto'

import type { Db } from '../../db/database'
import type { WechatProvider } from './provider'
import { simulatorMessages } from './simulator-messages'
import { simulatorShipping } from './simulator-shipping'
import { consumeSimCode } from './simulator-store'

/** Stands in for WeChat when no app is configured: codes come from our own authorize page. */
export function wechatSimulator(db: Db, appId: string, mpAppId: string): WechatProvider {
  // A ticket of its own per process, so JS-SDK signing runs the real algorithm end to end.
  const ticket = `sim_ticket_${crypto.randomBytes(24).toString('hex')}`
  return {
    name: 'simulator',
    appId,
    async oauthLogin(code) {
      const u = await consumeSimCode(db, 'oauth', code)
      return { appId, openid: u.openid, unionid: u.unionid, nickname: u.nickname, avatar: u.avatar }
    },
    async miniProgramLogin(code) {
      const u = await consumeSimCode(db, 'mp', code)
      return {
        appId: mpAppId,
        openid: u.openid,
        unionid: u.unionid,
        sessionKey: crypto.randomBytes(16).toString('base64')
      }
    },
    jsapiTicket: async () => ticket,
    // No mini-program exists to open: the poster shows the QR code of the H5 link instead.
    miniProgramCode: async () => undefined,
    shipping: simulatorShipping(),
    messages: simulatorMessages()
  }
}
