import type { FastifyInstance } from 'fastify'

/** How often due uploads are looked for (a shipment also nudges the upload at once). */
const UPLOAD_SWEEP_MS = 30_000
/**
 * WeChat's carriers change rarely: refreshed every 6 hours, at least daily (the job queue allows a round less than
 * 24 hours, and gives it twice the interval).
 */
const CARRIERS_REFRESH_MS = 6 * 3600_000

/**
 * Where WeChat's 发货 and 确认收货 messages open: our order page. WeChat adds transaction_id, merchant_id and
 * merchant_trade_no to its query; the page finds the user's own order from them.
 */
export const MSG_JUMP_PATH = 'goods/pages/order/detail'

/**
 * 发货信息录入: every WeChat Pay payment made in the mini-program gets its row when it is paid (the one place
 * payments become paid), a payment given back loses it, and the rows are uploaded by a periodic job.
 * The message jump path is set at each start with the real driver: setting it is idempotent, a start is
 * when a new release's path must take effect, and no operator has to remember a button; a failure is
 * only logged (WeChat then opens its own confirmation page).
 */
export function registerShipping(app: FastifyInstance): void {
  const { shipping, payments, wechat } = app.services
  shipping.useLog(app.log)
  payments.onAnyPaid((tx, payment) => shipping.enqueue(tx, payment))
  payments.onRefunded((tx, payment) => shipping.forget(tx, payment))
  const api = shipping.api
  if (!api) return
  app.jobs.every('wechat: uploading shipping info', UPLOAD_SWEEP_MS, () => shipping.uploadDue())
  app.jobs.every('wechat: refreshing delivery companies', CARRIERS_REFRESH_MS, () => shipping.refreshCarriers())
  let jumpPath: Promise<void> | undefined
  if (wechat.name === 'wechat')
    app.addHook('onReady', async () => {
      jumpPath = api.setMsgJumpPath(MSG_JUMP_PATH).then(
        () => app.log.info({ path: MSG_JUMP_PATH }, 'WeChat shipping messages open the order page'),
        (err: unknown) => app.log.warn({ err }, 'setting WeChat shipping messages’ jump path failed')
      )
    })
  app.addHook('onClose', async () => {
    await jumpPath
    await shipping.idle()
  })
}
