import './confirm.scss'

import { type BuyMode, type BuyPreviewRequest, MAX_ORDER_QUANTITY } from '@contract/shop'
import { Image, Input, Text, View } from '@tarojs/components'
import Taro, { useDidShow } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useRef, useState } from 'react'

import { previewBuy, submitBuy } from '@/api/shop'
import { reportFailure, toast } from '@/components/feedback'
import Page from '@/components/Page'
import CouponSheet from '@/components/shop/CouponSheet'
import { clampQuantity } from '@/components/shop/sku'
import { Empty, ErrorView, Loading } from '@/components/States'
import { isEnvelopeLike } from '@/core/errors'
import { formatFen } from '@/core/format'
import { CHECKOUT_QUERY, takeCheckoutAddress } from '@/goods/lib/address-choice'
import { newRequestId } from '@/goods/lib/request-id'
import { useRemote } from '@/hooks/useRemote'
import { useSubscribe } from '@/hooks/useSubscribe'
import { useUser } from '@/hooks/useUser'
import { navigateTo, redirectTo } from '@/navigation'
import { payOrder } from '@/platform/pay'

const REMARK_MAX = 100

/**
 * goods/pages/order/confirm?mode=cart | ?mode=buy_now&sku_id=&quantity=: shows the server's preview
 * (items, address, freight, coupons with the best chosen, total), creates the order once however
 * often it is tapped, then pays and goes to pay-success.
 */
function Confirm() {
  const params = Taro.getCurrentInstance().router?.params ?? {}
  const mode: BuyMode = params.mode === 'buy_now' ? 'buy_now' : 'cart'
  // A link may carry any quantity: within 1..MAX_ORDER_QUANTITY the preview then says what stock allows.
  const buyNow =
    mode === 'buy_now'
      ? { sku_id: Number(params.sku_id) || 0, quantity: clampQuantity(Number(params.quantity), MAX_ORDER_QUANTITY) }
      : {}
  const capped = mode === 'buy_now' && Number(params.quantity) > MAX_ORDER_QUANTITY
  const loggedIn = useUser('登录后结算')
  const [addressId, setAddressId] = useState<number>()
  /** undefined: the server's best; 0: none. */
  const [couponId, setCouponId] = useState<number>()
  const [remark, setRemark] = useState('')
  const [couponsOpen, setCouponsOpen] = useState(false)
  const [submitting, setSubmitting] = useState(false)
  // One key per checkout attempt: a second tap or a retry after a lost answer gets the same order.
  const requestId = useRef(newRequestId())
  const busy = useRef(false)
  const subscribe = useSubscribe('pay')

  const request: BuyPreviewRequest = { mode, ...buyNow, address_id: addressId, user_coupon_id: couponId }
  const { data, error, reload } = useRemote(
    () => (loggedIn ? previewBuy(request) : Promise.resolve(undefined)),
    [loggedIn, addressId, couponId]
  )
  const shown = useRef(false)
  useDidShow(() => {
    const chosen = takeCheckoutAddress()
    if (chosen) setAddressId(chosen)
    else if (shown.current && loggedIn) void reload()
    shown.current = true
  })

  if (!loggedIn)
    return (
      <Page>
        <Empty text="登录后结算" />
      </Page>
    )
  if (!data) return <Page>{error ? <ErrorView message={error} onRetry={reload} /> : <Loading />}</Page>
  const preview = data.preview
  const usable = preview.coupons.filter((coupon) => coupon.usable)
  const chosenCoupon = preview.coupons.find((coupon) => coupon.user_coupon_id === preview.user_coupon_id)

  const submit = async () => {
    if (busy.current) return
    if (!preview.address) return toast('请先添加收货地址')
    if (!preview.can_submit) return toast(preview.problem || '订单暂时无法提交')
    if (Array.from(remark).length > REMARK_MAX) return toast(`订单备注最多 ${REMARK_MAX} 个字`)
    busy.current = true
    setSubmitting(true)
    // Within the tap, before anything awaited: the ask for 支付成功 / 发货 messages (mini-program).
    await subscribe()
    try {
      const order = await submitBuy({
        mode,
        ...buyNow,
        address_id: preview.address.address_id,
        user_coupon_id: preview.user_coupon_id,
        remark: remark.trim(),
        request_id: requestId.current,
        expected_amount: preview.pay_amount
      })
      await pay(order.order_id, order.payment, order.pay_error)
    } catch (e) {
      // Refused by the server (a price or stock changed ...): a new attempt gets a new key.
      if (isEnvelopeLike(e)) {
        requestId.current = newRequestId()
        void reload()
      }
      reportFailure(e)
      busy.current = false
      setSubmitting(false)
    }
  }

  return (
    <Page className="confirm-page">
      <View
        className="confirm__address"
        onClick={() =>
          navigateTo(
            preview.address
              ? `/goods/pages/address/address?${CHECKOUT_QUERY}`
              : `/goods/pages/address/add/add?${CHECKOUT_QUERY}`
          )
        }
      >
        {preview.address ? (
          <View className="confirm__address-body">
            <View>
              <Text className="confirm__receiver">{preview.address.name}</Text>
              <Text className="confirm__mobile">{preview.address.mobile}</Text>
            </View>
            <Text className="confirm__full">{preview.address.full_address}</Text>
          </View>
        ) : (
          <Text className="confirm__address-add">＋ 添加收货地址</Text>
        )}
        <Text className="confirm__arrow">›</Text>
      </View>
      {capped && (
        <Text className="confirm__alert confirm__alert--top">
          数量最多 {MAX_ORDER_QUANTITY} 件，已按 {MAX_ORDER_QUANTITY} 件结算
        </Text>
      )}
      <View className="confirm__card">
        {preview.items.map((item) => (
          <View key={item.sku_id} className="confirm__item">
            <Image className="confirm__image" src={item.image} mode="aspectFill" />
            <View className="confirm__item-body">
              <Text className="confirm__name">{item.name}</Text>
              {item.spec_text && <Text className="confirm__spec">{item.spec_text}</Text>}
              {item.status_text && <Text className="confirm__problem">{item.status_text}</Text>}
            </View>
            <View className="confirm__item-side">
              <Text className="confirm__price">{formatFen(item.price)}</Text>
              <Text className="confirm__quantity">×{item.quantity}</Text>
            </View>
          </View>
        ))}
      </View>
      <View className="confirm__card">
        <Row label="商品金额" value={formatFen(preview.goods_amount)} />
        <Row
          label="运费"
          value={!preview.deliverable ? '不配送' : preview.freight ? formatFen(preview.freight) : '包邮'}
          note={preview.freight_text}
        />
        <View className="confirm__row confirm__coupon" onClick={() => setCouponsOpen(true)}>
          <Text className="confirm__label">优惠券</Text>
          <Text className={`confirm__value${chosenCoupon ? ' confirm__value--discount' : ''}`}>
            {chosenCoupon
              ? `${chosenCoupon.title} -${formatFen(preview.coupon_discount)}`
              : usable.length
                ? `${usable.length} 张可用`
                : '暂无可用'}
          </Text>
          <Text className="confirm__arrow">›</Text>
        </View>
        <View className="confirm__row">
          <Text className="confirm__label">订单备注</Text>
          <Input
            className="confirm__remark"
            value={remark}
            maxlength={REMARK_MAX}
            placeholder="选填，给商家留言"
            onInput={(e) => setRemark(e.detail.value)}
          />
        </View>
      </View>
      {!preview.can_submit && preview.problem && <Text className="confirm__alert">{preview.problem}</Text>}
      <View className="confirm__bar-holder" />
      <View className="confirm__bar">
        <Text className="confirm__total">
          实付：<Text className="confirm__pay-amount">{formatFen(preview.pay_amount)}</Text>
        </Text>
        <View
          className={`confirm__submit${preview.can_submit && !submitting ? '' : ' confirm__submit--off'}`}
          onClick={submit}
        >
          {submitting ? '提交中…' : '提交订单'}
        </View>
      </View>
      {couponsOpen && (
        <CouponSheet
          coupons={preview.coupons}
          chosen={preview.user_coupon_id}
          onChoose={(id) => {
            setCouponId(id)
            setCouponsOpen(false)
          }}
          onClose={() => setCouponsOpen(false)}
        />
      )}
    </Page>
  )
}

function Row({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <View className="confirm__row">
      <Text className="confirm__label">{label}</Text>
      {note && <Text className="confirm__note">{note}</Text>}
      <Text className="confirm__value">{value}</Text>
    </View>
  )
}

/** Pays the new order; whatever happens, the order exists: a payment that did not finish continues from the order. */
async function pay(orderId: number, payment: Parameters<typeof payOrder>[0] | null, payError: string) {
  if (!payment) {
    toast(payError || '暂时无法发起支付，请在订单中继续支付')
    return redirectTo(`/goods/pages/order/detail?order_id=${orderId}`)
  }
  try {
    const outcome = await payOrder(payment)
    if (outcome === 'paid') return redirectTo(`/goods/pages/order/pay-success?order_id=${orderId}`)
    toast('支付已取消，可在订单中继续支付')
  } catch (e) {
    reportFailure(e)
  }
  return redirectTo(`/goods/pages/order/detail?order_id=${orderId}`)
}

export default observer(Confirm)
