import type { SubscribeScene } from '../../../contract'
import type { Permission } from '../admin/permissions'
import type { FieldKind } from './fields'

/**
 * Every event the notification service tells, with the fields it fills (what a WeChat template's keys
 * may show, server/modules/notify/fields.ts) and the words of its in-app message or console notice.
 * Values are stored ready to read: amounts as `¥68.00`, times as `2026年12月1日 15:01` (China time).
 */
interface FieldDef {
  label: string
  kind: FieldKind
}

/**
 * When the app asks for the subscription (wx.requestSubscribeMessage): at paying, at booking a
 * consultation, at signing up for a class or an activity, at applying or publishing.
 */
export const SUBSCRIBE_SCENES = [
  'pay',
  'book',
  'signup',
  'apply',
  'withdraw'
] as const satisfies readonly SubscribeScene[]

interface UserEventDef {
  audience: 'user'
  label: string
  scene: SubscribeScene
  fields: Record<string, FieldDef>
  title: (f: Record<string, string>) => string
  body: (f: Record<string, string>) => string
}

interface OperatorEventDef {
  audience: 'operator'
  label: string
  /** False: not for the operators' group robot (one teacher's own reminder is no news to the group). */
  robot?: false
  /** Operators who may act on it see it; a teacher's own account sees its own bookings. */
  permission: Permission
  fields: Record<string, FieldDef>
  title: (f: Record<string, string>) => string
  body: (f: Record<string, string>) => string
}

export type EventDef = UserEventDef | OperatorEventDef

const orderNo: FieldDef = { label: '订单号', kind: 'character_string' }
const amount: FieldDef = { label: '金额', kind: 'amount' }
const result: FieldDef = { label: '结果', kind: 'phrase' }
const reason: FieldDef = { label: '说明', kind: 'thing' }
const time = (label: string): FieldDef => ({ label, kind: 'time' })
const thing = (label: string): FieldDef => ({ label, kind: 'thing' })
const withReason = (f: Record<string, string>) => (f.reason ? `：${f.reason}` : '')

export const EVENTS = {
  'order.paid': {
    audience: 'user',
    label: '订单支付成功',
    scene: 'pay',
    fields: {
      order_no: orderNo,
      goods: thing('商品'),
      amount: { ...amount, label: '实付金额' },
      time: time('支付时间')
    },
    title: () => '订单支付成功',
    body: (f) => `${f.goods}，实付 ${f.amount}，我们会尽快为您发货`
  },
  'order.shipped': {
    audience: 'user',
    label: '订单已发货',
    scene: 'pay',
    fields: {
      order_no: orderNo,
      goods: thing('商品'),
      carrier: thing('快递公司'),
      express_no: { label: '快递单号', kind: 'character_string' },
      time: time('发货时间')
    },
    title: () => '您的订单已发货',
    body: (f) => `${f.goods} 已由${f.carrier}发出，快递单号 ${f.express_no}`
  },
  'refund.decided': {
    audience: 'user',
    label: '售后处理结果',
    scene: 'pay',
    fields: { order_no: orderNo, result, amount: { ...amount, label: '退款金额' }, reason },
    title: (f) => `退款申请${f.result}`,
    body: (f) => `订单 ${f.order_no} 的退款申请${f.result}${withReason(f)}`
  },
  'refund.paid': {
    audience: 'user',
    label: '退款到账',
    scene: 'pay',
    fields: {
      order_no: orderNo,
      // What the money was for (the goods, a booking, a fee): only shop orders have an order number people know.
      item: thing('退款项目'),
      amount: { ...amount, label: '退款金额' },
      time: time('到账时间')
    },
    title: () => '退款已到账',
    body: (f) => `${f.item}，退款 ${f.amount} 已原路退回`
  },
  'live.starting': {
    audience: 'user',
    label: '直播开课提醒',
    scene: 'signup',
    fields: { course: thing('课程'), session: thing('直播'), time: time('开始时间') },
    title: () => '直播 15 分钟后开始',
    body: (f) => `${f.course}「${f.session}」将于 ${f.time} 开始`
  },
  'offline.tomorrow': {
    audience: 'user',
    label: '线下课开课提醒',
    scene: 'signup',
    fields: { course: thing('课程'), time: time('上课时间'), place: thing('地点') },
    title: () => '线下课明天开课',
    body: (f) => `${f.course} 将于 ${f.time} 在 ${f.place} 开课`
  },
  'activity.tomorrow': {
    audience: 'user',
    label: '活动开始提醒',
    scene: 'signup',
    fields: { activity: thing('活动'), time: time('开始时间'), place: thing('地点') },
    title: () => '活动明天开始',
    body: (f) => `${f.activity} 将于 ${f.time} 在 ${f.place} 开始`
  },
  'consult.booked': {
    audience: 'user',
    label: '预约成功',
    scene: 'book',
    fields: { service: thing('服务'), teacher: { label: '老师', kind: 'name' }, time: time('预约时间') },
    title: () => '预约成功',
    body: (f) => `已为您预约 ${f.teacher} 老师的「${f.service}」，时间 ${f.time}`
  },
  'consult.reminder': {
    audience: 'user',
    label: '预约开始提醒',
    scene: 'book',
    fields: {
      service: thing('服务'),
      teacher: { label: '老师', kind: 'name' },
      time: time('预约时间'),
      remaining: { label: '距开始', kind: 'phrase' }
    },
    title: (f) => `预约${f.remaining}开始`,
    body: (f) => `${f.teacher} 老师的「${f.service}」将于 ${f.time} 开始`
  },
  'consult.cancelled': {
    audience: 'user',
    label: '预约已取消',
    scene: 'book',
    fields: { service: thing('服务'), time: time('预约时间'), reason },
    title: () => '预约已取消',
    body: (f) => `「${f.service}」${f.time} 的预约已取消${withReason(f)}，费用将原路退回`
  },
  'certificate.decided': {
    audience: 'user',
    label: '证书申请审核结果',
    scene: 'apply',
    fields: { certificate: thing('证书'), result, reason },
    title: (f) => `证书申请${f.result}`,
    body: (f) => `您的「${f.certificate}」申请${f.result}${withReason(f)}`
  },
  'membership.decided': {
    audience: 'user',
    label: '入会申请审核结果',
    scene: 'apply',
    fields: { association: thing('协会'), result, reason },
    title: (f) => `入会申请${f.result}`,
    body: (f) => `您加入「${f.association}」的申请${f.result}${withReason(f)}`
  },
  'article.reviewed': {
    audience: 'user',
    label: '文章审核结果',
    scene: 'apply',
    fields: { title: thing('文章'), result, reason },
    title: (f) => `文章审核${f.result}`,
    body: (f) => `您的文章「${f.title}」审核${f.result}${withReason(f)}`
  },
  'withdrawal.paid': {
    audience: 'user',
    label: '提现到账',
    scene: 'withdraw',
    fields: { amount: { ...amount, label: '提现金额' }, time: time('到账时间') },
    title: () => '提现已到账',
    body: (f) => `提现 ${f.amount} 已转入您的微信零钱`
  },
  'withdrawal.failed': {
    audience: 'user',
    label: '提现失败',
    scene: 'withdraw',
    fields: { amount: { ...amount, label: '提现金额' }, reason },
    title: () => '提现未成功',
    body: (f) => `提现 ${f.amount} 未成功${withReason(f)}，金额已退回钱包`
  },
  'op.order.paid': {
    audience: 'operator',
    label: '新订单待发货',
    permission: 'order.ship',
    fields: { order_no: orderNo, goods: thing('商品'), amount: { ...amount, label: '实付金额' } },
    title: () => '新订单待发货',
    body: (f) => `${f.order_no}：${f.goods}，实付 ${f.amount}`
  },
  'op.refund.requested': {
    audience: 'operator',
    label: '新的退款申请',
    permission: 'refund.decide',
    fields: { order_no: orderNo, amount: { ...amount, label: '退款金额' }, reason },
    title: () => '新的退款申请',
    body: (f) => `订单 ${f.order_no} 申请退款 ${f.amount}${withReason(f)}`
  },
  'op.return.shipped': {
    audience: 'operator',
    label: '买家已寄回退货',
    permission: 'refund.decide',
    fields: {
      order_no: orderNo,
      carrier: thing('快递公司'),
      express_no: { label: '快递单号', kind: 'character_string' }
    },
    title: () => '买家已寄回退货',
    body: (f) => `订单 ${f.order_no} 的退货已由${f.carrier}寄回，快递单号 ${f.express_no}，收到后请确认并退款`
  },
  'op.withdrawal.requested': {
    audience: 'operator',
    label: '新的提现申请',
    permission: 'withdrawal.decide',
    fields: { user: thing('用户'), amount: { ...amount, label: '提现金额' } },
    title: () => '新的提现申请',
    body: (f) => `${f.user} 申请提现 ${f.amount}`
  },
  'op.goods.low_stock': {
    audience: 'operator',
    label: '库存预警',
    permission: 'goods.edit',
    fields: { goods: thing('商品'), spec: thing('规格'), stock: { label: '剩余库存', kind: 'number' } },
    title: () => '库存预警',
    body: (f) => `库存预警：${f.goods}${f.spec ? ` ${f.spec}` : ''} 剩余 ${f.stock} 件`
  },
  'op.article.submitted': {
    audience: 'operator',
    label: '文章待审核',
    permission: 'review.decide',
    fields: { title: thing('文章'), user: thing('作者') },
    title: () => '文章待审核',
    body: (f) => `${f.user} 投稿「${f.title}」`
  },
  'op.certificate.applied': {
    audience: 'operator',
    label: '证书申请待审核',
    permission: 'certificate.review',
    fields: { certificate: thing('证书'), user: thing('申请人') },
    title: () => '证书申请待审核',
    body: (f) => `${f.user} 申请「${f.certificate}」`
  },
  'op.membership.applied': {
    audience: 'operator',
    label: '入会申请待审核',
    permission: 'membership.review',
    fields: { association: thing('协会'), user: thing('申请人') },
    title: () => '入会申请待审核',
    body: (f) => `${f.user} 申请加入「${f.association}」`
  },
  'op.consult.reminder': {
    audience: 'operator',
    label: '预约开始提醒（老师）',
    // Only a teacher's own account holds it, and sees only its own teacher's notices.
    permission: 'consult.own',
    robot: false,
    fields: {
      service: thing('服务'),
      client: { label: '预约人', kind: 'name' },
      time: time('预约时间'),
      remaining: { label: '距开始', kind: 'phrase' }
    },
    title: (f) => `预约${f.remaining}开始`,
    body: (f) => `${f.client} 预约的「${f.service}」将于 ${f.time} 开始`
  },
  'op.consult.booked': {
    audience: 'operator',
    label: '新的咨询预约',
    permission: 'service.manage',
    fields: { service: thing('服务'), teacher: { label: '老师', kind: 'name' }, time: time('预约时间') },
    title: () => '新的咨询预约',
    body: (f) => `${f.teacher} 老师「${f.service}」${f.time}`
  }
} as const satisfies Record<string, EventDef>

export type EventKey = keyof typeof EVENTS
export type UserEventKey = { [K in EventKey]: (typeof EVENTS)[K]['audience'] extends 'user' ? K : never }[EventKey]
export type OperatorEventKey = Exclude<EventKey, UserEventKey>

/** The values an event fills, by its field names. */
export type EventFields<K extends EventKey> = Record<keyof (typeof EVENTS)[K]['fields'], string>

export const EVENT_KEYS = Object.keys(EVENTS) as EventKey[]

export function isEventKey(key: string): key is EventKey {
  return Object.prototype.hasOwnProperty.call(EVENTS, key)
}

/** The events whose subscriptions the app asks for at this tap. */
export function eventsOfScene(scene: SubscribeScene): UserEventKey[] {
  return EVENT_KEYS.filter((k): k is UserEventKey => {
    const def: EventDef = EVENTS[k]
    return def.audience === 'user' && def.scene === scene
  })
}
