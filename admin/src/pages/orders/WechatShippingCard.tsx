import type { AdminOrderDetail } from '@contract/admin'
import { type AdminWechatShipping, WECHAT_SHIPPING_TEXT, type WechatShippingState } from '@contract/wechat-shipping'
import { Alert, App, Button, Card, Descriptions, Tag } from 'antd'
import { useState } from 'react'

import { api } from '../../api/client'
import { time } from '../../format'
import { useSession } from '../../session'

const STATE_COLOR: Record<WechatShippingState, string> = { pending: 'orange', uploaded: 'green', failed: 'red' }

/** The order list's small tag: only once the order is shipped (before that every one would wait). */
export function WechatShippingTag({ state, shipped }: { state: WechatShippingState | null; shipped: boolean }) {
  if (!state || (state === 'pending' && !shipped)) return null
  return <Tag color={STATE_COLOR[state]}>微信{WECHAT_SHIPPING_TEXT[state]}</Tag>
}

/**
 * 微信发货信息: paid with WeChat Pay in the mini-program, the order's shipping must be uploaded to WeChat
 * before it settles the money. Shows where that stands; 重新上传 asks WeChat again.
 */
export function WechatShippingCard({ order, onChange }: { order: AdminOrderDetail; onChange: () => void }) {
  const { can } = useSession()
  const { message } = App.useApp()
  const [busy, setBusy] = useState(false)
  const s = order.wechat_shipping
  if (!s) return null
  const shipped = Boolean(order.shipped_at)
  const retry = async () => {
    setBusy(true)
    try {
      const r = await api.post<AdminWechatShipping>('/order/wechatShippingRetry', { order_id: order.order_id })
      if (r.state === 'uploaded') message.success('发货信息已上传到微信')
      else message.warning(`尚未上传：${r.last_error || '请稍后再试'}`)
      onChange()
    } catch (e) {
      message.error((e as Error).message)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Card
      title="微信发货信息"
      extra={
        can('order.ship') &&
        shipped &&
        s.state !== 'uploaded' && (
          <Button loading={busy} onClick={retry}>
            重新上传
          </Button>
        )
      }
    >
      {s.state === 'failed' && (
        <Alert type="error" showIcon style={{ marginBottom: 12 }} message={`上传失败：${s.last_error}`} />
      )}
      {s.reminded_at && s.state !== 'uploaded' && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          message={`微信已于 ${time(s.reminded_at)} 提醒发货：买家已等待较久，请尽快发货`}
        />
      )}
      <Descriptions column={3} size="small">
        <Descriptions.Item label="状态">
          <Tag color={STATE_COLOR[s.state]}>{WECHAT_SHIPPING_TEXT[s.state]}</Tag>
          {s.state === 'pending' && !shipped ? '（发货后自动上传）' : ''}
        </Descriptions.Item>
        <Descriptions.Item label="方式">
          {s.logistics_type === 3 ? '虚拟发货' : s.delivery_mode === 2 ? '分拆发货' : '快递发货'}
        </Descriptions.Item>
        <Descriptions.Item label="上传时间">{time(s.uploaded_at)}</Descriptions.Item>
        {s.state === 'pending' && s.last_error && (
          <Descriptions.Item label="上次未成功" span={2}>
            {`${s.last_error}（已尝试 ${s.attempts} 次，${time(s.next_try_at)} 自动重试）`}
          </Descriptions.Item>
        )}
        {s.state === 'uploaded' && s.last_error && (
          <Descriptions.Item label="说明" span={2}>
            {s.last_error}
          </Descriptions.Item>
        )}
        <Descriptions.Item label="买家确认收货">{time(s.confirmed_at)}</Descriptions.Item>
        <Descriptions.Item label="预计结算">{time(s.estimated_settlement_at)}</Descriptions.Item>
        <Descriptions.Item label="已结算">{time(s.settled_at)}</Descriptions.Item>
      </Descriptions>
    </Card>
  )
}
