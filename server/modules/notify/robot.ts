import type { RobotApi, WechatAnswer } from './message-api'

/**
 * The 企业微信群机器人 webhook (`https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=…`): a POST of the
 * message as JSON, answered `{ errcode, errmsg }`. Its key is the address itself, so it comes from the
 * environment (OPERATOR_WEBHOOK_URL) and is never shown in the console or the logs.
 */
export function robotWebhook(url: string): RobotApi {
  return {
    async send(msg): Promise<WechatAnswer> {
      const res = await fetch(url, {
        method: 'POST',
        body: JSON.stringify(msg),
        headers: { 'content-type': 'application/json' },
        signal: AbortSignal.timeout(10_000)
      })
      const body = (await res.json().catch(() => undefined)) as Partial<WechatAnswer> | undefined
      if (!body || typeof body.errcode !== 'number') throw new Error(`群机器人没有按约定应答（HTTP ${res.status}）`)
      return { errcode: body.errcode, errmsg: String(body.errmsg ?? '') }
    }
  }
}
