import './OrderActions.scss'

import type { OrderDetail, OrderSummary } from '@contract/shop'
import { View } from '@tarojs/components'
import { useState } from 'react'

import { cancelOrder, confirmReceipt, payOrder as startOrderPay } from '@/api/shop'
import { confirmed, reportFailure, toast } from '@/components/feedback'
import { useSubscribe } from '@/hooks/useSubscribe'
import { navigateTo } from '@/navigation'
import { confirmReceiptInWechat } from '@/platform/order-confirm'
import { payOrder } from '@/platform/pay'

import AfterSaleSheet from './AfterSaleSheet'

interface Props {
  order: OrderSummary
  /** The order as the server answers after an action. */
  onChange: (order: OrderDetail) => void
  /** After a payment: the list reloads, the detail reloads. */
  onPaid?: () => void
}

/** What the user may do with an order now, as the server says: cancel, pay, confirm receipt, apply for 售后. */
export default function OrderActions({ order, onChange, onPaid }: Props) {
  const [refunding, setRefunding] = useState(false)
  const subscribe = useSubscribe('pay')
  const id = { order_id: order.order_id }
  const run = async (call: () => Promise<{ detail: OrderDetail }>, done: string) => {
    try {
      onChange((await call()).detail)
      toast(done)
      return true
    } catch (e) {
      reportFailure(e)
      return false
    }
  }
  const cancel = async () => {
    if (await confirmed('取消订单', '确定取消该订单吗？优惠券和库存将退回。'))
      await run(() => cancelOrder(id), '订单已取消')
  }
  const receipt = async () => {
    // Paid in the mini-program: WeChat's own 确认收货 (it settles the payment), then ours.
    const outcome = order.wechat_confirm
      ? await confirmReceiptInWechat(order.wechat_confirm)
      : ({ status: 'unavailable' } as const)
    if (outcome.status === 'failed') toast(outcome.message)
    const confirmedHere = outcome.status === 'unavailable' && (await confirmed('确认收货', '请确认已收到商品。'))
    if (outcome.status === 'confirmed' || confirmedHere) await run(() => confirmReceipt(id), '已确认收货')
  }
  const pay = async () => {
    // First, within the tap: the mini-program's ask for the order's messages.
    await subscribe()
    try {
      const outcome = await payOrder(await startOrderPay(id))
      if (outcome === 'paid') {
        onPaid?.()
        navigateTo(`/goods/pages/order/pay-success?order_id=${order.order_id}`)
      } else toast('支付已取消')
    } catch (e) {
      reportFailure(e)
    }
  }

  if (!order.can_cancel && !order.can_pay && !order.can_receipt && !order.can_refund) return null
  return (
    <View className="order-actions" onClick={(e) => e.stopPropagation()}>
      {order.can_cancel && (
        <View className="order-actions__btn order-actions__cancel" onClick={cancel}>
          取消订单
        </View>
      )}
      {order.can_refund && (
        <View className="order-actions__btn order-actions__refund" onClick={() => setRefunding(true)}>
          申请售后
        </View>
      )}
      {order.can_receipt && (
        <View className="order-actions__btn order-actions__btn--main order-actions__receipt" onClick={receipt}>
          确认收货
        </View>
      )}
      {order.can_pay && (
        <View className="order-actions__btn order-actions__btn--main order-actions__pay" onClick={pay}>
          去支付
        </View>
      )}
      {refunding && (
        <AfterSaleSheet
          orderId={order.order_id}
          onClose={() => setRefunding(false)}
          onDone={(detail) => {
            setRefunding(false)
            onChange(detail)
            toast('售后申请已提交')
          }}
        />
      )}
    </View>
  )
}
