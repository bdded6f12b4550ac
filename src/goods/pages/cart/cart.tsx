import './cart.scss'

import type { CartItem, CartResponse } from '@contract/shop'
import { Image, Text, View } from '@tarojs/components'
import { useDidShow } from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect, useState } from 'react'

import { deleteCart, editCart, getCart, selectAllCart, selectCart } from '@/api/shop'
import { confirmed, reportFailure, toast } from '@/components/feedback'
import Page from '@/components/Page'
import Check from '@/components/shop/Check'
import { goodsUrl } from '@/components/shop/GoodsCard'
import Price from '@/components/shop/Price'
import Stepper from '@/components/shop/Stepper'
import { Empty, ErrorView, Loading } from '@/components/States'
import { formatFen } from '@/core/format'
import { usePullRefresh } from '@/hooks/usePullRefresh'
import { useRemote } from '@/hooks/useRemote'
import { useUser } from '@/hooks/useUser'
import { navigateTo, switchTab } from '@/navigation'

/** Lines that are off shelf or sold out cannot be selected; a short line can (its quantity is lowered first). */
const selectable = (item: CartItem) => item.status === 'ok' || item.status === 'short'

/** goods/pages/cart/cart: the user's cart on the server; every total is the server's. */
function Cart() {
  const loggedIn = useUser('登录后查看购物车')
  const remote = useRemote(() => (loggedIn ? getCart() : Promise.resolve(undefined)), [loggedIn])
  usePullRefresh(remote.reload)
  const [cart, setCart] = useState<CartResponse>()
  useEffect(() => setCart(remote.data), [remote.data])
  // Back from checkout or a detail page: the cart may have changed.
  useDidShow(() => {
    if (loggedIn && cart) void remote.reload()
  })

  const change = async (call: () => Promise<CartResponse>) => {
    try {
      setCart(await call())
    } catch (e) {
      reportFailure(e)
    }
  }

  if (!loggedIn)
    return (
      <Page>
        <Empty text="登录后查看购物车" />
      </Page>
    )
  if (!cart)
    return <Page>{remote.error ? <ErrorView message={remote.error} onRetry={remote.reload} /> : <Loading />}</Page>

  const { list, summary } = cart
  const invalid = list.filter((item) => !selectable(item))
  const remove = async (ids: number[], what: string) => {
    if (await confirmed('删除商品', `确定删除${what}吗？`)) await change(() => deleteCart({ cart_ids: ids }))
  }
  const checkout = () => {
    if (summary.selected_quantity <= 0) return toast('请选择要结算的商品')
    navigateTo('/goods/pages/order/confirm?mode=cart')
  }

  return (
    <Page className="cart-page">
      {list.length === 0 ? (
        <View className="cart__empty">
          <Empty text="购物车还是空的" />
          <View className="cart__go" onClick={() => switchTab(4)}>
            去逛逛
          </View>
        </View>
      ) : (
        <View className="cart__list">
          {list.map((item) => (
            <View
              key={item.cart_id}
              className={`cart__item${selectable(item) ? '' : ' cart__item--invalid'}`}
              data-cart-id={item.cart_id}
            >
              <Check
                checked={item.selected && selectable(item)}
                disabled={!selectable(item)}
                label={selectable(item) ? '选择' : item.status_text}
                onChange={(selected) => change(() => selectCart({ cart_id: item.cart_id, selected }))}
              />
              <Image
                className="cart__image"
                src={item.image}
                mode="aspectFill"
                onClick={() => navigateTo(goodsUrl(item.goods_id))}
              />
              <View className="cart__body">
                <Text className="cart__name" onClick={() => navigateTo(goodsUrl(item.goods_id))}>
                  {item.name}
                </Text>
                {item.spec_text && <Text className="cart__spec">{item.spec_text}</Text>}
                {item.status_text && <Text className="cart__status">{item.status_text}</Text>}
                <View className="cart__foot">
                  <Price value={item.price} />
                  {selectable(item) ? (
                    <Stepper
                      value={item.quantity}
                      max={Math.min(item.stock, item.max_buy || item.stock)}
                      maxMessage={
                        item.max_buy && item.max_buy < item.stock
                          ? `每单限购 ${item.max_buy} 件`
                          : `库存仅剩 ${item.stock} 件`
                      }
                      onLimit={toast}
                      onChange={(quantity) => change(() => editCart({ cart_id: item.cart_id, quantity }))}
                    />
                  ) : (
                    <Text className="cart__quantity">×{item.quantity}</Text>
                  )}
                </View>
              </View>
              <Text className="cart__delete" onClick={() => remove([item.cart_id], `「${item.name}」`)}>
                删除
              </Text>
            </View>
          ))}
          {invalid.length > 0 && (
            <View
              className="cart__clear"
              onClick={() =>
                remove(
                  invalid.map((item) => item.cart_id),
                  ` ${invalid.length} 件失效商品`
                )
              }
            >
              清除失效商品（{invalid.length}）
            </View>
          )}
        </View>
      )}
      <View className="cart__bar-holder" />
      {list.length > 0 && (
        <View className="cart__bar">
          <Check
            checked={summary.all_selected}
            label="全选"
            onChange={(selected) => change(() => selectAllCart({ selected }))}
          />
          <Text className="cart__all-text">全选</Text>
          <View className="cart__total">
            <Text>
              合计：<Text className="cart__amount">{formatFen(summary.selected_amount)}</Text>
            </Text>
            <Text className="cart__note">
              {summary.freight_text
                ? `${summary.freight ? `运费${formatFen(summary.freight)}：` : ''}${summary.freight_text}，不含优惠`
                : '不含运费和优惠'}
            </Text>
          </View>
          <View
            className={`cart__checkout${summary.selected_quantity > 0 ? '' : ' cart__checkout--off'}`}
            onClick={checkout}
          >
            结算({summary.selected_quantity})
          </View>
        </View>
      )}
    </Page>
  )
}

export default observer(Cart)
