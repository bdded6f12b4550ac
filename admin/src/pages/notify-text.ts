import type { AdminDeliveryState, AdminNotifyChannel, AdminNotifyDelivery } from '@contract/admin-notify'

/** The words and colours 消息设置 shows for channels and delivery states. */
export const CHANNEL_TEXT: Record<AdminNotifyChannel, string> = {
  subscribe: '小程序订阅消息',
  template: '公众号模板消息',
  robot: '群机器人'
}

export const STATE_TEXT: Record<AdminDeliveryState, string> = {
  sent: '已发送',
  refused: '已拒绝',
  pending: '重试中',
  failed: '失败'
}

/** A delivery's tag: a pending one never tried yet waits its turn; once tried it is being retried. */
export function stateTag(d: Pick<AdminNotifyDelivery, 'state' | 'attempts'>): { text: string; color: string } {
  if (d.state === 'sent') return { text: STATE_TEXT.sent, color: 'green' }
  if (d.state === 'refused') return { text: STATE_TEXT.refused, color: 'orange' }
  if (d.state === 'failed') return { text: STATE_TEXT.failed, color: 'red' }
  return d.attempts > 0 ? { text: STATE_TEXT.pending, color: 'blue' } : { text: '待发送', color: 'default' }
}

/** A WeChat template key's type (`character_string12` -> character_string), as the server reads it. */
export function keyType(key: string): string | undefined {
  return /^([a-z_]+?)(\d+)$/.exec(key.trim())?.[1]
}
