import { and, asc, eq, exists, isNotNull, isNull, lte, ne, or, sql } from 'drizzle-orm'

import type { Config } from '../../config'
import type { DataCipher } from '../../core/data-key'
import { AppError } from '../../core/envelope'
import { openMobile } from '../../core/sealed-columns'
import type { Db, Tx } from '../../db/database'
import { payments, shopOrderItems, shopOrders, wechatShippingUploads } from '../../db/schema'
import type { Payment } from '../payment/provider'
import type { PaymentLog } from '../payment/service'
import { matchCarrier, refreshCarriers, storedCarriers } from './delivery-companies'
import type { WechatProvider } from './provider'
import { goodsDesc, goodsShippingInfo, type PaymentKey, virtualShippingInfo } from './shipping-body'
import type { DeliveryCompany, ShippingAnswer, ShippingApi, ShippingInfo } from './wechat-shipping'

type UploadRow = typeof wechatShippingUploads.$inferSelect

/** A paid payment is known to WeChat's 发货 service only moments later: virtual goods wait this long first. */
const FIRST_VIRTUAL_DELAY_MS = 15_000
/** How long one attempt holds its row (a process that dies mid-call leaves it to the next sweep after this). */
const LEASE_MS = 2 * 60_000
const BACKOFF_FIRST_MS = 60_000
const BACKOFF_MAX_MS = 3600_000
const SWEEP_BATCH = 50
/** 10060001 支付单不存在 right after payment means "not yet": asked again this many times before it counts. */
const NOT_FOUND_TRIES = 5

// WeChat's answers (upload_shipping_info's error codes): the payment already has its shipping info (已发货,
// 重新发货机会已用), WeChat is busy or limiting us, or WeChat does not know the payment yet.
const ALREADY_UPLOADED = new Set([10060002, 10060003])
const BUSY = new Set([-1, -2, 45009, 45011])
const NOT_FOUND = 10060001

/** What we cannot send at all (no openid, unknown carrier): failed at once, with this reason. */
class Unsendable extends Error {}

type Outcome =
  | { state: 'uploaded'; deliveryMode: number; note: string }
  | { state: 'pending'; error: string }
  | { state: 'failed'; error: string }

/** WeChat's message without its trace (`支付单不存在, hint: [...] rid: ...`) and with its code. */
function refusal(a: ShippingAnswer): string {
  const text = a.errmsg.replace(/[,，]?\s*(hint:|rid:).*$/s, '').trim()
  return `${text || '微信拒绝了发货信息'}（错误码 ${a.errcode}）`.slice(0, 256)
}

function outcomeOf(a: ShippingAnswer, info: ShippingInfo, attempts: number): Outcome {
  if (a.errcode === 0) return { state: 'uploaded', deliveryMode: info.delivery_mode, note: '' }
  if (ALREADY_UPLOADED.has(a.errcode))
    return { state: 'uploaded', deliveryMode: info.delivery_mode, note: `微信已有该支付单的发货信息：${refusal(a)}` }
  if (BUSY.has(a.errcode) || (a.errcode === NOT_FOUND && attempts < NOT_FOUND_TRIES))
    return { state: 'pending', error: refusal(a) }
  return { state: 'failed', error: refusal(a) }
}

const backoff = (attempts: number) => Math.min(BACKOFF_FIRST_MS * 2 ** Math.max(0, attempts - 1), BACKOFF_MAX_MS)

export type ReceiptHandler = (tx: Tx, payment: Payment) => Promise<void>

const quietLog: PaymentLog = { info: () => undefined, warn: () => undefined, error: () => undefined }

/**
 * 发货信息录入 through an outbox: the paid transaction of a mini-program payment writes its row, a periodic
 * job (and a nudge after each shipment) uploads what is due, retrying with backoff until WeChat takes it.
 * Shipping itself never waits for WeChat.
 */
export class WechatShipping {
  private log: PaymentLog = quietLog
  private running: Promise<number> | undefined
  private readonly receiptHandlers: ReceiptHandler[] = []

  constructor(
    readonly db: Db,
    private readonly config: Config,
    private readonly wechat: WechatProvider,
    private readonly cipher: DataCipher
  ) {}

  get api(): ShippingApi | undefined {
    return this.wechat.shipping
  }

  useLog(log: PaymentLog): void {
    this.log = log
  }

  /** Runs, in the push's transaction, when WeChat says the buyer confirmed receipt of a payment's goods. */
  onReceiptConfirmed(handler: ReceiptHandler): void {
    this.receiptHandlers.push(handler)
  }

  /** WeChat's settlement push says the buyer confirmed receipt (or WeChat did for them): the handlers run. */
  async receiptConfirmed(tx: Tx, payment: Payment): Promise<void> {
    for (const handler of this.receiptHandlers) await handler(tx, payment)
  }

  /**
   * Paid with WeChat Pay in the mini-program (JSAPI under its app id): only those are held by WeChat until
   * shipped. A sandbox payment exists nowhere at WeChat, so only the simulator takes its shipping info.
   */
  wants(p: Payment): boolean {
    if (!this.api || !p.payerOpenid || p.payerAppId !== this.config.wechat.mpAppId) return false
    return p.provider === 'wechat' || this.wechat.name === 'simulator'
  }

  /** payments.onAnyPaid: virtual goods are due at once (after WeChat's moment), shop goods once shipped. */
  async enqueue(tx: Tx, p: Payment): Promise<void> {
    if (!this.wants(p)) return
    const goods = p.bizType === 'goods'
    await tx
      .insert(wechatShippingUploads)
      .values({
        paymentId: p.id,
        logisticsType: goods ? 1 : 3,
        nextTryAt: goods ? null : new Date(Date.now() + FIRST_VIRTUAL_DELAY_MS)
      })
      .onConflictDoNothing()
  }

  /** payments.onRefunded: money given back needs no shipping info; what was not uploaded is dropped. */
  async forget(tx: Tx, p: Payment): Promise<void> {
    await tx
      .delete(wechatShippingUploads)
      .where(and(eq(wechatShippingUploads.paymentId, p.id), ne(wechatShippingUploads.state, 'uploaded')))
  }

  /** After a shipment: uploads what is due now, in the background. */
  kick(): void {
    void this.uploadDue().catch((err) => this.log.warn({ err }, 'uploading shipping info failed; the sweep retries'))
  }

  /** Uploads every due row (one run at a time in this process; rows are claimed, so processes never share one). */
  uploadDue(now = new Date()): Promise<number> {
    const previous = this.running
    const run = (async () => {
      await previous?.catch(() => undefined)
      return this.sweep(now)
    })()
    this.running = run
    void run.finally(() => {
      if (this.running === run) this.running = undefined
    })
    return run
  }

  /** Resolves once no upload of this process is in flight (the server's close waits for it). */
  async idle(): Promise<void> {
    while (this.running) await this.running.catch(() => undefined)
  }

  private async sweep(now: Date): Promise<number> {
    if (!this.api) return 0
    const shipped = this.db
      .select({ one: sql`1` })
      .from(payments)
      .innerJoin(shopOrders, eq(shopOrders.id, payments.bizId))
      .where(
        and(
          eq(payments.id, wechatShippingUploads.paymentId),
          eq(payments.bizType, 'goods'),
          isNotNull(shopOrders.shippedAt)
        )
      )
    const due = await this.db
      .select({ id: wechatShippingUploads.id })
      .from(wechatShippingUploads)
      .where(
        and(
          eq(wechatShippingUploads.state, 'pending'),
          or(lte(wechatShippingUploads.nextTryAt, now), and(isNull(wechatShippingUploads.nextTryAt), exists(shipped)))
        )
      )
      .orderBy(asc(wechatShippingUploads.id))
      .limit(SWEEP_BATCH)
    let uploaded = 0
    for (const { id } of due) if ((await this.uploadOne(id, now)) === 'uploaded') uploaded++
    return uploaded
  }

  /** Claims one row still due and uploads it; answers its state afterwards ('' when another took it). */
  async uploadOne(id: number, now = new Date()): Promise<UploadRow['state'] | ''> {
    const api = this.api
    if (!api) return ''
    const [row] = await this.db
      .update(wechatShippingUploads)
      .set({
        attempts: sql`${wechatShippingUploads.attempts} + 1`,
        nextTryAt: new Date(now.getTime() + LEASE_MS),
        updatedAt: new Date()
      })
      .where(
        and(
          eq(wechatShippingUploads.id, id),
          eq(wechatShippingUploads.state, 'pending'),
          or(isNull(wechatShippingUploads.nextTryAt), lte(wechatShippingUploads.nextTryAt, now))
        )
      )
      .returning()
    if (!row) return ''
    let outcome: Outcome
    try {
      const info = await this.shippingInfo(row, now)
      outcome = outcomeOf(await api.uploadShippingInfo(info), info, row.attempts)
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err)
      outcome = err instanceof Unsendable ? { state: 'failed', error: message } : { state: 'pending', error: message }
    }
    const at = new Date()
    const change =
      outcome.state === 'uploaded'
        ? { state: 'uploaded' as const, deliveryMode: outcome.deliveryMode, lastError: outcome.note, uploadedAt: at }
        : outcome.state === 'pending'
          ? { lastError: outcome.error.slice(0, 256), nextTryAt: new Date(now.getTime() + backoff(row.attempts)) }
          : { state: 'failed' as const, lastError: outcome.error.slice(0, 256) }
    await this.db
      .update(wechatShippingUploads)
      .set({ nextTryAt: null, ...change, updatedAt: at })
      .where(eq(wechatShippingUploads.id, row.id))
    const entry = { payment_id: row.paymentId, attempts: row.attempts }
    if (outcome.state === 'failed') this.log.error({ ...entry, reason: outcome.error }, 'WeChat refused shipping info')
    else if (outcome.state === 'pending') this.log.warn({ ...entry, reason: outcome.error }, 'shipping info retried')
    else this.log.info(entry, 'shipping info uploaded to WeChat')
    return outcome.state
  }

  /** The upload of the row's payment, from what is stored now. */
  private async shippingInfo(row: UploadRow, now: Date): Promise<ShippingInfo> {
    const [p] = await this.db.select().from(payments).where(eq(payments.id, row.paymentId)).limit(1)
    if (!p?.payerOpenid) throw new Unsendable('支付单缺少付款人的 openid')
    const key: PaymentKey = {
      transactionId: p.providerTxnId,
      mchId: this.config.pay.wechat.mchId,
      outTradeNo: p.outTradeNo
    }
    if (!key.transactionId && !key.mchId) throw new Unsendable('未设置微信支付商户号（WECHAT_PAY_MCH_ID）')
    if (row.logisticsType !== 1) return virtualShippingInfo(key, p.payerOpenid, p.description, now)
    const [order] = await this.db.select().from(shopOrders).where(eq(shopOrders.id, p.bizId)).limit(1)
    if (!order?.shippedAt) throw new Unsendable('订单尚未发货')
    const parcels = order.parcels.length
      ? order.parcels
      : [{ company: order.expressCompany, deliveryId: '', no: order.expressNo }]
    let carriers: DeliveryCompany[] | undefined
    const resolved = []
    for (const parcel of parcels) {
      let deliveryId = parcel.deliveryId
      if (!deliveryId) {
        carriers ??= await this.carriers()
        deliveryId = matchCarrier(parcel.company, carriers)?.deliveryId ?? ''
        // WeChat's list out of reach: tried again later; a carrier it does not have: nothing to send.
        if (!deliveryId && !carriers.length) throw new Error('微信快递公司列表暂时不可用')
        if (!deliveryId) throw new Unsendable(`快递公司「${parcel.company}」不在微信的快递公司列表中`)
      }
      resolved.push({ deliveryId, no: parcel.no })
    }
    const items = await this.db
      .select({ name: shopOrderItems.name, quantity: shopOrderItems.quantity })
      .from(shopOrderItems)
      .where(eq(shopOrderItems.orderId, order.id))
      .orderBy(asc(shopOrderItems.id))
    return goodsShippingInfo(
      key,
      p.payerOpenid,
      resolved,
      goodsDesc(items),
      openMobile(this.cipher, order.receiverMobile),
      now
    )
  }

  /** WeChat's carriers as stored; fetched now when none are (a first start), [] when WeChat is out of reach. */
  async carriers(): Promise<DeliveryCompany[]> {
    const stored = await storedCarriers(this.db)
    if (stored.length || !this.api) return stored
    try {
      await this.refreshCarriers()
    } catch (err) {
      this.log.warn({ err }, 'WeChat delivery companies unavailable')
      return []
    }
    return storedCarriers(this.db)
  }

  async refreshCarriers(): Promise<number> {
    return this.api ? refreshCarriers(this.db, this.api) : 0
  }

  /**
   * The operator's 重新上传: a failed or waiting upload of a shipped order is tried now (a fresh count of
   * attempts); answers the row's state after WeChat's answer.
   */
  async retry(orderId: number): Promise<void> {
    const [found] = await this.db
      .select({ row: wechatShippingUploads, shippedAt: shopOrders.shippedAt })
      .from(wechatShippingUploads)
      .innerJoin(payments, eq(payments.id, wechatShippingUploads.paymentId))
      .innerJoin(shopOrders, eq(shopOrders.id, payments.bizId))
      .where(and(eq(payments.bizType, 'goods'), eq(payments.bizId, orderId)))
      .limit(1)
    if (!found) throw new AppError('该订单不需要上传微信发货信息')
    if (found.row.state === 'uploaded') throw new AppError('发货信息已上传到微信')
    if (!found.shippedAt) throw new AppError('订单发货后才能上传发货信息')
    const now = new Date()
    await this.db
      .update(wechatShippingUploads)
      .set({ state: 'pending', attempts: 0, lastError: '', nextTryAt: now, updatedAt: now })
      .where(and(eq(wechatShippingUploads.id, found.row.id), ne(wechatShippingUploads.state, 'uploaded')))
    await this.uploadOne(found.row.id, now)
  }
}
