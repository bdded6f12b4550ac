import querystring from 'node:querystring'

import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'

import type { LoginResponse, SimulatorMpCodeResponse, WxSignResponse } from '../../../contract'
import { AppError } from '../../core/envelope'
import { limitIp } from '../../core/rate-limit'
import { publicRoute } from '../../core/route'
import { optional, parseInput, refereeParam, text } from '../../core/validate'
import { newNonce, signJsapi } from './jssdk'
import { loginWithWechat } from './login'
import { registerMessagePush } from './message-push'
import { appendQuery, isHttpUrl } from './redirect'
import { registerShipping } from './shipping-module'
import { renderAuthorizePage } from './simulator-page'
import { createSimUser, findSimUser, issueSimCode, listSimUsers } from './simulator-store'

const loginInput = z.object({ code: text(128, 1), client: z.enum(['h5', 'wxapp']), referee_id: refereeParam })
const signInput = z.object({ url: text(2048, 1).refine(isHttpUrl, { message: '格式不正确' }) })
const authorizeInput = z.object({
  redirect_uri: text(2048, 1).refine(isHttpUrl, { message: '格式不正确' }),
  state: text(128).default('')
})
const chooseInput = authorizeInput.extend({ openid: optional(text(64, 1)), nickname: optional(text(32, 1)) })
export const MSG_FOREIGN_REDIRECT = '回调地址只能是本站的地址'
const mpCodeInput = z.object({ openid: optional(text(64, 1)), nickname: optional(text(32, 1)) })

export default async function wechatModule(app: FastifyInstance): Promise<void> {
  publicRoute(
    app,
    { method: 'POST', path: '/wechat.index/mpLogin', input: loginInput },
    async ({ input, req }): Promise<LoginResponse> => {
      await limitIp(app, req, 'login')
      const { wechat } = app.services
      const who =
        input.client === 'wxapp' ? await wechat.miniProgramLogin(input.code) : await wechat.oauthLogin(input.code)
      const session = await loginWithWechat(app.db, who, input.referee_id, app.config.tokenTtlDays)
      return { user_id: session.userId, token: session.token }
    }
  )

  publicRoute(
    app,
    { method: 'POST', path: '/wechat.index/wxSign', input: signInput },
    async ({ input }): Promise<WxSignResponse> => {
      const { wechat } = app.services
      const timestamp = Math.floor(Date.now() / 1000)
      const nonceStr = newNonce()
      return {
        appId: wechat.appId,
        timestamp,
        nonceStr,
        signature: signJsapi(await wechat.jsapiTicket(), nonceStr, timestamp, input.url)
      }
    }
  )

  registerMessagePush(app)
  registerShipping(app)

  if (app.services.wechat.name !== 'simulator') return

  // The simulator's pages post plain HTML forms.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_req, body, done) => done(null, querystring.parse(body as string))
  )

  /**
   * The simulator hands a login code to redirect_uri: anywhere but this server, a link to this page
   * would let another site log in as whoever the visitor picks. The address users reach the server
   * at, or the one this request came to (set by the visitor's own browser), is this server.
   */
  const ownAddress = (req: FastifyRequest, url: string) => {
    const origin = new URL(url).origin
    if (origin !== new URL(app.config.publicUrl).origin && origin !== `${req.protocol}://${req.host}`)
      throw new AppError(MSG_FOREIGN_REDIRECT)
  }

  app.get('/wechat.simulator/authorize', async (req, reply) => {
    const input = parseInput(authorizeInput, req.query)
    ownAddress(req, input.redirect_uri)
    const page = renderAuthorizePage(
      await listSimUsers(app.db),
      input.redirect_uri,
      input.state,
      '/api/wechat.simulator/authorize'
    )
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page)
  })

  app.post('/wechat.simulator/authorize', async (req, reply) => {
    const input = parseInput(chooseInput, req.body)
    ownAddress(req, input.redirect_uri)
    await limitIp(app, req, 'login')
    const user = input.openid
      ? await findSimUser(app.db, input.openid)
      : input.nickname
        ? await createSimUser(app.db, input.nickname)
        : undefined
    if (!user) throw new AppError('微信用户不存在')
    const code = await issueSimCode(app.db, 'oauth', user.openid)
    return reply.redirect(appendQuery(input.redirect_uri, { code, state: input.state }), 302)
  })

  publicRoute(
    app,
    { method: 'POST', path: '/wechat.simulator/mpCode', input: mpCodeInput },
    async ({ input, req }): Promise<SimulatorMpCodeResponse> => {
      await limitIp(app, req, 'login')
      let user = input.openid ? await findSimUser(app.db, input.openid) : undefined
      if (input.openid && !user) throw new AppError('微信用户不存在')
      if (!user) user = input.nickname ? await createSimUser(app.db, input.nickname) : (await listSimUsers(app.db))[0]
      if (!user) user = await createSimUser(app.db, '微信用户')
      return { code: await issueSimCode(app.db, 'mp', user.openid) }
    }
  )
}
