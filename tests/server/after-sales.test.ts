import './helpers/native-modules'

import fs from 'node:fs'
import path from 'node:path'

import { and, eq, gt, sql } from 'drizzle-orm'

import { commissions, paymentRefunds, payments, shopAfterSales, shopOrders, shopSkus } from '../../server/db/schema'
import { saveBusinessSettings } from '../../server/modules/settings'
import { shipOrder } from '../../server/modules/shop/order-lifecycle'
import { type AdminClient, ownerClient } from './helpers/admin'
import { call, createTestContext, login, type TestContext } from './helpers/test-app'
import { uploadPrivate } from './helpers/upload'

// 售后 as a buyer and an operator meet it: part of an order refunded by line, the freight only with the last goods,
// 退货退款 with a return address and the buyer's parcel, the shop's own refund, the 售后期 after receipt, and the
// commission following each part.

let ctx: TestContext
let owner: AdminClient
let buyer: { userId: number; token: string }
let referrer: { userId: number; token: string }
let seq = 0

beforeAll(async () => {
  ctx = await createTestContext()
  owner = await ownerClient(ctx.app, ctx.database.db)
  referrer = await login(ctx.app, '售后推荐人')
  buyer = await login(ctx.app, '售后买家', referrer.userId)
})
afterAll(() => ctx.close())

const api = (method: 'GET' | 'POST', path: string, params: Record<string, unknown> = {}) =>
  call(ctx.app, method, `/api/${path}`, params, buyer.token)
const db = () => ctx.database.db

async function skusInStock(n: number) {
  return db()
    .select()
    .from(shopSkus)
    .where(and(gt(shopSkus.stock, 20), eq(shopSkus.onShelf, true)))
    .limit(n)
}

/** A paid order of these units, through the cart as a buyer orders. */
async function paidOrder(units: { skuId: number; quantity: number }[]) {
  const address = await api('POST', 'user.address/add', {
    name: '李四',
    mobile: '13900139000',
    province_code: '110000',
    city_code: '110100',
    district_code: '110105',
    detail: '光华路2号'
  })
  for (const u of units)
    expect((await api('POST', 'order.cart/add', { sku_id: u.skuId, quantity: u.quantity })).code).toBe(1)
  const buy = await api('POST', 'order.order/buy', {
    mode: 'cart',
    address_id: address.data.detail.address_id,
    request_id: `after-sale-${++seq}`,
    user_coupon_id: 0
  })
  expect(buy.msg).toBe('success')
  expect((await api('POST', 'pay.sandbox/confirm', { out_trade_no: buy.data.payment.out_trade_no })).code).toBe(1)
  return (await api('GET', 'user.order/detail', { order_id: buy.data.order_id })).data.detail
}

const detailOf = async (orderId: number) => (await api('GET', 'user.order/detail', { order_id: orderId })).data.detail
const skuRow = async (id: number) => (await db().select().from(shopSkus).where(eq(shopSkus.id, id)))[0]
const saleOf = async (id: number) => (await db().select().from(shopAfterSales).where(eq(shopAfterSales.id, id)))[0]

test('before shipping: one unit refunded by line, then the rest with the freight; stock, 销量, money', async () => {
  const [a, b] = await skusInStock(2)
  const order = await paidOrder([
    { skuId: a.id, quantity: 2 },
    { skuId: b.id, quantity: 1 }
  ])
  const lineA = order.items.find((i: any) => i.sku_id === a.id)
  const preview = (await api('GET', 'user.order/afterSale/preview', { order_id: order.order_id })).data
  expect(preview.kinds).toEqual(['refund'])
  expect(preview.max_amount).toBe(order.pay_amount)
  const itemA = preview.items.find((i: any) => i.name === lineA.name && i.refundable_quantity === 2)
  const itemB = preview.items.find((i: any) => i.item_id !== itemA.item_id)

  // One unit of A gives back its price (no coupon): the freight stays until the last goods.
  const quote = (
    await api('GET', 'user.order/afterSale/quote', { order_id: order.order_id, lines: `${itemA.item_id}:1` })
  ).data
  expect(quote.max_amount).toBe(lineA.price)
  expect(
    (
      await api('POST', 'user.order/afterSale/apply', {
        order_id: order.order_id,
        kind: 'return',
        lines: [{ item_id: itemA.item_id, quantity: 1 }],
        reason: '拍错了/不想要了'
      })
    ).msg
  ).toBe('订单未发货，请选择仅退款')
  expect(
    (
      await api('POST', 'user.order/afterSale/apply', {
        order_id: order.order_id,
        kind: 'refund',
        lines: [{ item_id: itemA.item_id, quantity: 1 }],
        amount: lineA.price + 1,
        reason: '拍错了/不想要了'
      })
    ).msg
  ).toBe(`退款金额不能超过 ¥${(lineA.price / 100).toFixed(2)}`)
  const applied = await api('POST', 'user.order/afterSale/apply', {
    order_id: order.order_id,
    kind: 'refund',
    lines: [{ item_id: itemA.item_id, quantity: 1 }],
    reason: '拍错了/不想要了',
    description: '多拍了一件'
  })
  expect(applied.msg).toBe('success')
  expect(applied.data.detail).toMatchObject({ status_text: '退款中', can_refund: false, can_receipt: false })
  const [sale] = applied.data.detail.after_sales
  expect(sale).toMatchObject({ kind_text: '仅退款', status_text: '待商家处理', amount: lineA.price, can_cancel: true })
  // Shipping waits while an after-sale is open.
  await expect(
    shipOrder(db(), ctx.app.services.notify, order.order_no, { company: '顺丰速运', no: 'SF100' })
  ).rejects.toThrow('正在申请退款')

  const listed = (await owner.get('/refund/lists', {})).data.list.find((r: any) => r.order_id === order.order_id)
  expect(listed.after_sale).toMatchObject({ status: 'applied', reason: '拍错了/不想要了', description: '多拍了一件' })
  const aBefore = await skuRow(a.id)
  expect(
    (
      await owner.post('/refund/approve', {
        after_sale_id: sale.after_sale_id,
        updated_at: listed.after_sale.updated_at
      })
    ).msg
  ).toBe('success')
  let d = await detailOf(order.order_id)
  expect(d).toMatchObject({
    status: 'to_ship',
    refund_status: 'refunded',
    refunded_amount: lineA.price,
    can_refund: true
  })
  expect(d.after_sales[0]).toMatchObject({ status: 'refunded', status_text: '退款成功' })
  expect((await skuRow(a.id)).stock).toBe(aBefore.stock + 1)
  expect((await skuRow(a.id)).sales).toBe(aBefore.sales - 1)
  const [pay] = await db()
    .select()
    .from(payments)
    .where(and(eq(payments.bizType, 'goods'), eq(payments.bizId, order.order_id)))
  expect(pay.status).toBe('paid')
  // The commission is what the goods not refunded earn.
  const [c1] = await db().select().from(commissions).where(eq(commissions.paymentId, pay.id))
  expect(c1.amountFen).toBe(Math.floor(((c1.baseFen - lineA.price) * c1.rateBp) / 10_000))

  // The rest of the order: the freight comes back with it, and the order is refunded in full.
  const rest = (await api('GET', 'user.order/afterSale/preview', { order_id: order.order_id })).data
  expect(rest.max_amount).toBe(order.pay_amount - lineA.price)
  expect(rest.items.map((i: any) => [i.item_id, i.refundable_quantity]).sort()).toEqual(
    [
      [itemA.item_id, 1],
      [itemB.item_id, 1]
    ].sort()
  )
  const second = await api('POST', 'user.order/afterSale/apply', {
    order_id: order.order_id,
    kind: 'refund',
    lines: rest.items.map((i: any) => ({ item_id: i.item_id, quantity: i.refundable_quantity })),
    reason: '发货太慢'
  })
  const open = second.data.detail.after_sales[0]
  expect(open.amount).toBe(order.pay_amount - lineA.price)
  expect(
    (
      await owner.post('/refund/approve', {
        after_sale_id: open.after_sale_id,
        updated_at: (await saleOf(open.after_sale_id)).updatedAt.toISOString()
      })
    ).msg
  ).toBe('success')
  d = await detailOf(order.order_id)
  expect(d).toMatchObject({
    status: 'refunded',
    status_text: '已退款',
    refunded_amount: order.pay_amount,
    can_refund: false
  })
  expect(d.after_sale_blocked).toBe('订单已全额退款')
  expect((await db().select().from(payments).where(eq(payments.id, pay.id)))[0].status).toBe('refunded')
  const refunds = await db().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, pay.id))
  expect(refunds.map((r) => r.amountFen).sort((x, y) => x - y)).toEqual(
    [lineA.price, order.pay_amount - lineA.price].sort((x, y) => x - y)
  )
  const [c2] = await db().select().from(commissions).where(eq(commissions.paymentId, pay.id))
  expect(c2.status).toBe('cancelled')
  expect((await skuRow(a.id)).stock).toBe(aBefore.stock + 2)
  expect((await skuRow(b.id)).stock).toBe(b.stock)
  expect(d.timeline.map((t: any) => t.title)).toEqual(expect.arrayContaining(['申请退款', '退款成功']))
})

test('退货退款: the return address, the buyer’s parcel, the shop receives it, then the money; stock back', async () => {
  const [a] = await skusInStock(1)
  const order = await paidOrder([{ skuId: a.id, quantity: 2 }])
  await shipOrder(db(), ctx.app.services.notify, order.order_no, { company: '顺丰速运', no: 'SF200' })
  const preview = (await api('GET', 'user.order/afterSale/preview', { order_id: order.order_id })).data
  expect(preview.kinds).toEqual(['refund', 'return'])
  const [item] = preview.items
  const applied = await api('POST', 'user.order/afterSale/apply', {
    order_id: order.order_id,
    kind: 'return',
    lines: [{ item_id: item.item_id, quantity: 1 }],
    reason: '商品质量问题',
    description: '罗盘指针卡住'
  })
  const sale = applied.data.detail.after_sales[0]
  expect(sale).toMatchObject({ kind_text: '退货退款', amount: item.price, can_ship_return: false })
  const version = async () => (await saleOf(sale.after_sale_id)).updatedAt.toISOString()

  // No address written and none set by the owner: the operator is told to give one.
  expect(
    (await owner.post('/refund/approve', { after_sale_id: sale.after_sale_id, updated_at: await version() })).msg
  ).toBe('请填写退货地址（或在 业务设置 中设置默认退货地址）')
  await saveBusinessSettings(db(), { return_address: '王店长 13800138000 北京市朝阳区退货路1号' })
  expect(
    (await owner.post('/refund/approve', { after_sale_id: sale.after_sale_id, updated_at: await version() })).msg
  ).toBe('success')
  let d = await detailOf(order.order_id)
  expect(d.after_sales[0]).toMatchObject({
    status: 'awaiting_return',
    status_text: '待买家退货',
    return_address: '王店长 13800138000 北京市朝阳区退货路1号',
    can_ship_return: true
  })
  // Receipt waits for the after-sale; the money does not go before the goods come back.
  expect(d.can_receipt).toBe(false)
  expect(
    (await owner.post('/refund/receive', { after_sale_id: sale.after_sale_id, updated_at: await version() })).msg
  ).toBe('该售后待买家退货，不能进行此操作')
  expect(
    (
      await api('POST', 'user.order/afterSale/return', {
        after_sale_id: sale.after_sale_id,
        company: '中通快递',
        no: 'ZT 1'
      })
    ).msg
  ).toBe('快递单号只能包含字母、数字和横线')
  d = (
    await api('POST', 'user.order/afterSale/return', {
      after_sale_id: sale.after_sale_id,
      company: '中通快递',
      no: 'ZT300'
    })
  ).data.detail
  expect(d.after_sales[0]).toMatchObject({ status: 'returning', return_company: '中通快递', return_no: 'ZT300' })
  const stockBefore = (await skuRow(a.id)).stock
  expect(
    (await owner.post('/refund/receive', { after_sale_id: sale.after_sale_id, updated_at: await version() })).msg
  ).toBe('success')
  d = await detailOf(order.order_id)
  expect(d).toMatchObject({ status: 'to_receive', refunded_amount: item.price, can_refund: true, can_receipt: true })
  expect((await skuRow(a.id)).stock).toBe(stockBefore + 1)
  expect(d.timeline.map((t: any) => t.title)).toEqual(
    expect.arrayContaining(['申请退货退款', '商家同意退货', '买家已寄回', '商家已收到退货', '退款成功'])
  )
})

test('the shop refunds on its own after shipping (no stock back); a buyer withdraws; a stranger cannot', async () => {
  const [a] = await skusInStock(1)
  const order = await paidOrder([{ skuId: a.id, quantity: 3 }])
  await shipOrder(db(), ctx.app.services.notify, order.order_no, { company: '顺丰速运', no: 'SF400' })
  const detail = (await owner.get('/order/detail', { order_id: order.order_id })).data
  const [item] = detail.items
  const stockBefore = (await skuRow(a.id)).stock
  expect(
    (await owner.get('/refund/quote', { order_id: order.order_id, lines: `${item.item_id}:1` })).data.max_amount
  ).toBe(item.price)
  const created = await owner.post('/refund/create', {
    order_id: order.order_id,
    updated_at: detail.updated_at,
    lines: [{ item_id: item.item_id, quantity: 1 }],
    amount: 500,
    reason: '少发配件补偿'
  })
  expect(created.msg).toBe('success')
  const after = (await owner.get('/order/detail', { order_id: order.order_id })).data
  expect(after).toMatchObject({ refunded_amount: 500, status: 'to_receive' })
  expect(after.after_sales[0]).toMatchObject({ by_shop: true, status: 'refunded', amount: 500 })
  expect(after.items[0].refunded_quantity).toBe(1)
  expect((await skuRow(a.id)).stock).toBe(stockBefore)

  // The buyer applies and withdraws; a stranger can neither see nor withdraw it.
  const applied = await api('POST', 'user.order/afterSale/apply', {
    order_id: order.order_id,
    kind: 'refund',
    lines: [{ item_id: item.item_id, quantity: 1 }],
    reason: '未收到货'
  })
  const sale = applied.data.detail.after_sales[0]
  const stranger = await login(ctx.app, '路人')
  expect(
    (
      await call(
        ctx.app,
        'POST',
        '/api/user.order/afterSale/cancel',
        { after_sale_id: sale.after_sale_id },
        stranger.token
      )
    ).msg
  ).toBe('售后单不存在')
  const d = (await api('POST', 'user.order/afterSale/cancel', { after_sale_id: sale.after_sale_id })).data.detail
  expect(d.after_sales[0]).toMatchObject({ status: 'cancelled', status_text: '已撤销' })
  expect(d).toMatchObject({ refund_status: 'refunded', can_refund: true })
})

test('the 售后期: a received order may apply within the owner’s days after receipt, not after', async () => {
  const [a] = await skusInStock(1)
  const order = await paidOrder([{ skuId: a.id, quantity: 1 }])
  await shipOrder(db(), ctx.app.services.notify, order.order_no, { company: '顺丰速运', no: 'SF500' })
  expect((await api('POST', 'user.order/receipt', { order_id: order.order_id })).code).toBe(1)
  let d = await detailOf(order.order_id)
  expect(d).toMatchObject({ status: 'done', can_refund: true })
  // Received eight days ago: past the default 7.
  await db()
    .update(shopOrders)
    .set({ receivedAt: new Date(Date.now() - 8 * 86_400_000) })
    .where(eq(shopOrders.id, order.order_id))
  d = await detailOf(order.order_id)
  expect(d.can_refund).toBe(false)
  expect(d.after_sale_blocked).toBe('已超过售后期，如有问题请联系客服')
  const preview = (await api('GET', 'user.order/afterSale/preview', { order_id: order.order_id })).data
  expect(preview.blocked).toBe('已超过售后期，如有问题请联系客服')
  const lines = [{ item_id: preview.items[0].item_id, quantity: 1 }]
  expect(
    (
      await api('POST', 'user.order/afterSale/apply', {
        order_id: order.order_id,
        kind: 'return',
        lines,
        reason: '商品质量问题'
      })
    ).msg
  ).toBe('已超过售后期，如有问题请联系客服')
  await saveBusinessSettings(db(), { after_sale_days: 10 })
  expect((await detailOf(order.order_id)).can_refund).toBe(true)
  expect(
    (
      await api('POST', 'user.order/afterSale/apply', {
        order_id: order.order_id,
        kind: 'return',
        lines,
        reason: '商品质量问题'
      })
    ).msg
  ).toBe('success')
  await saveBusinessSettings(db(), { after_sale_days: 7 })
})

test('a refund application made before after-sales existed becomes an after-sale of the whole order', async () => {
  const [a] = await skusInStock(1)
  const order = await paidOrder([{ skuId: a.id, quantity: 2 }])
  // As an older version left it: the application on the order only.
  await db()
    .update(shopOrders)
    .set({ refundStatus: 'applied', refundReason: '旧的申请', refundAppliedAt: new Date() })
    .where(eq(shopOrders.id, order.order_id))
  const migration = fs.readFileSync(
    path.join(__dirname, '../../server/db/migrations/0039_after_sales_goods_bin_settings.sql'),
    'utf8'
  )
  const moving = migration.slice(migration.indexOf('-- Refund applications made before'))
  for (const statement of moving.split('--> statement-breakpoint')) await db().execute(sql.raw(statement))
  const d = await detailOf(order.order_id)
  expect(d.after_sales).toHaveLength(1)
  expect(d.after_sales[0]).toMatchObject({
    kind: 'refund',
    status: 'applied',
    amount: order.pay_amount,
    description: '旧的申请',
    lines: [{ quantity: 2 }]
  })
  expect(d.after_sales[0].after_sale_no).toBe(`AS${order.order_no.slice(2)}`)
  // It is decided as any other, and completes the order.
  const [sale] = await db().select().from(shopAfterSales).where(eq(shopAfterSales.orderId, order.order_id))
  expect(
    (await owner.post('/refund/approve', { after_sale_id: sale.id, updated_at: sale.updatedAt.toISOString() })).msg
  ).toBe('success')
  expect(await detailOf(order.order_id)).toMatchObject({ status: 'refunded', refunded_amount: order.pay_amount })
})

test('the buyer’s photos go with the application; buyer and console see them through links that expire', async () => {
  const [a] = await skusInStock(1)
  const order = await paidOrder([{ skuId: a.id, quantity: 1 }])
  const [item] = (await api('GET', 'user.order/afterSale/preview', { order_id: order.order_id })).data.items
  const photo = (await uploadPrivate(ctx, buyer.token)).data
  const stranger = await login(ctx.app, '凭证路人')
  const theirs = (await uploadPrivate(ctx, stranger.token)).data
  const apply = (image_file_ids: number[]) =>
    api('POST', 'user.order/afterSale/apply', {
      order_id: order.order_id,
      kind: 'refund',
      lines: [{ item_id: item.item_id, quantity: 1 }],
      reason: '商品质量问题',
      image_file_ids
    })

  // Someone else's upload is refused by name and nothing is written.
  expect((await apply([photo.file_id, theirs.file_id])).msg).toBe('凭证图片不存在，请重新上传')
  expect((await detailOf(order.order_id)).after_sales).toEqual([])
  expect((await apply([1, 2, 3, 4, 5, 6, 7])).msg).toContain('凭证图片')

  const [sale] = (await apply([photo.file_id])).data.detail.after_sales
  expect((await saleOf(sale.after_sale_id)).images).toEqual([photo.ref])
  expect(sale.images).toHaveLength(1)
  expect(sale.images[0]).toContain('/api/file.private/image?')
  const shown = await ctx.app.inject({ method: 'GET', url: sale.images[0].replace(/^https?:\/\/[^/]+/, '') })
  expect(shown.statusCode).toBe(200)
  expect(shown.headers['content-type']).toBe('image/png')

  const listed = (await owner.get('/refund/lists', {})).data.list.find((r: any) => r.order_id === order.order_id)
  expect(listed.after_sale.images[0]).toContain('/api/file.private/image?')
  const inOrder = (await owner.get('/order/detail', { order_id: order.order_id })).data
  expect(inOrder.after_sales[0].images).toHaveLength(1)
})
