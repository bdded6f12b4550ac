import './service.scss'

import type { ServiceOrder, ServiceOrderStatus } from '@contract'
import { Image, Text, View } from '@tarojs/components'
import { useState } from 'react'

import { cancelServiceOrder, getServiceOrders, payServiceOrder } from '@/api/service'
import Page from '@/components/Page'
import { refundText } from '@/components/refund'
import { serviceDetailUrl } from '@/components/service/links'
import { chinaTime } from '@/components/service/slots'
import { Empty, ErrorView, ListFooter, Loading } from '@/components/States'
import { formatFen } from '@/core/format'
import { payExpired, payNotice } from '@/core/pay-deadline'
import { useListPage } from '@/hooks/useListPage'
import { useSubscribe } from '@/hooks/useSubscribe'
import { navigateTo } from '@/navigation'
import { payOrder } from '@/platform/pay'
import { confirmDialog, ui } from '@/platform/ui'

const STATUS: Record<ServiceOrderStatus, string> = {
  unpaid: '待支付',
  paid: '已预约',
  done: '已完成',
  cancelled: '已取消'
}

// The server cancels an unpaid booking after its pay window; until the list is read again it shows so.
const statusOf = (o: ServiceOrder): { key: ServiceOrderStatus; text: string } =>
  o.status === 'unpaid' && payExpired(o.pay_deadline)
    ? { key: 'cancelled', text: '已过期' }
    : { key: o.status, text: STATUS[o.status] }

/** What a cancelled booking says under its card: who cancelled and why, and the money. */
function cancelNote(o: ServiceOrder): string {
  const who =
    o.cancelled_by === 'operator'
      ? `客服已取消${o.cancel_reason ? `：${o.cancel_reason}` : ''}`
      : o.cancelled_by === 'expired'
        ? '超时未支付，已自动取消'
        : '已取消'
  if (!o.refund) return who
  return `${who} · ${refundText(o.refund)}`
}

/**
 * My service bookings: when, with whom, status; an unpaid one can be paid or cancelled, a paid one cancelled until the
 * cut-off (refunded).
 */
export default function MyServiceOrdersPage() {
  const orders = useListPage((page) => getServiceOrders({ page, per_page: 10 }), [])
  const [busy, setBusy] = useState(0)
  // Paying a booking: the mini-program asks for the booking's messages (预约成功, 开始提醒, 取消).
  const subscribe = useSubscribe('book')

  const act = async (order: ServiceOrder, action: 'pay' | 'cancel') => {
    setBusy(order.order_id)
    if (action === 'pay') await subscribe()
    try {
      if (action === 'pay') await payOrder(await payServiceOrder({ order_id: order.order_id }))
      else if (
        await confirmDialog(
          '取消预约',
          order.status === 'paid'
            ? `取消后 ${formatFen(order.amount)} 将原路退回，该时段释放给其他人，确定取消吗？`
            : '取消后该时段将释放给其他人，确定取消吗？'
        )
      ) {
        const done = await cancelServiceOrder({ order_id: order.order_id })
        ui.toast(
          done.refund_status === 'refunded'
            ? '已取消，款项已原路退回'
            : done.refund_status === 'processing'
              ? '已取消，退款处理中'
              : '已取消'
        )
      }
      await orders.refresh()
    } catch {
      // The request layer has shown why.
    } finally {
      setBusy(0)
    }
  }

  return (
    <Page>
      <View className="my-service">
        {!orders.ready ? (
          <Loading />
        ) : orders.error && !orders.items.length ? (
          <ErrorView message={orders.error} onRetry={orders.refresh} />
        ) : !orders.items.length ? (
          <Empty text="还没有预约服务" />
        ) : (
          orders.items.map((o) => {
            const status = statusOf(o)
            return (
              <View key={o.order_id} className="my-service__card" data-order={o.order_id}>
                <View className="my-service__head">
                  <Text className="my-service__no">预约号 {o.order_id}</Text>
                  <Text className={`my-service__status my-service__status--${status.key}`}>{status.text}</Text>
                </View>
                <View className="my-service__body" onClick={() => navigateTo(serviceDetailUrl(o.service.service_id))}>
                  <Image className="my-service__cover" src={o.service.cover} mode="aspectFill" />
                  <View className="my-service__info">
                    <Text className="my-service__title">{o.service.title}</Text>
                    <Text className="my-service__line">
                      {o.teacher.name} · {chinaTime(o.starts_at).key} {chinaTime(o.starts_at).time} ·{' '}
                      {o.service.duration_min} 分钟
                    </Text>
                    <Text className="my-service__line">
                      联系人 {o.name} {o.mobile}
                    </Text>
                  </View>
                </View>
                <View className="my-service__foot">
                  <Text className="my-service__amount">{formatFen(o.amount)}</Text>
                  {(status.key === 'unpaid' || (status.key === 'paid' && o.can_cancel)) && (
                    <View className="my-service__actions">
                      <Text className="my-service__btn" onClick={() => !busy && act(o, 'cancel')}>
                        取消预约
                      </Text>
                      {status.key === 'unpaid' && (
                        <Text className="my-service__btn my-service__btn--pay" onClick={() => !busy && act(o, 'pay')}>
                          去支付
                        </Text>
                      )}
                    </View>
                  )}
                </View>
                {status.key === 'unpaid' && <Text className="my-service__deadline">{payNotice(o.pay_deadline!)}</Text>}
                {o.status === 'paid' && o.cancel_deadline && (
                  <Text className="my-service__note">
                    {o.can_cancel
                      ? `${chinaTime(o.cancel_deadline).key} ${chinaTime(o.cancel_deadline).time} 前可自行取消并全额退款`
                      : '距开始已不足可取消时限，如需取消请联系客服'}
                  </Text>
                )}
                {o.status === 'cancelled' && status.key === 'cancelled' && (
                  <Text className={`my-service__note${o.refund ? ' my-service__note--refund' : ''}`}>
                    {cancelNote(o)}
                  </Text>
                )}
                {o.status === 'done' && o.completed_at && (
                  <Text className="my-service__note">服务已于 {chinaTime(o.completed_at).key} 完成</Text>
                )}
              </View>
            )
          })
        )}
        {orders.ready && !!orders.items.length && (
          <ListFooter loading={orders.loading} finished={orders.finished} empty={false} />
        )}
      </View>
    </Page>
  )
}
