import './goods.scss'

import type { ProductSku } from '@contract/shop'
import { Image, RichText, Swiper, SwiperItem, Text, View } from '@tarojs/components'
import Taro from '@tarojs/taro'
import { observer } from 'mobx-react-lite'
import { useEffect, useState } from 'react'

import { addFavorite, addToCart, deleteFavorite, getProductDetail } from '@/api/shop'
import { reportFailure } from '@/components/feedback'
import Page from '@/components/Page'
import Price from '@/components/shop/Price'
import SkuPicker, { type SkuAction } from '@/components/shop/SkuPicker'
import { ErrorView, Loading } from '@/components/States'
import { formatWan } from '@/core/format'
import { usePullRefresh } from '@/hooks/usePullRefresh'
import { useRemote } from '@/hooks/useRemote'
import { ensureUser } from '@/hooks/useUser'
import { navigateTo } from '@/navigation'
import { sessionStore } from '@/stores'

/** goods/pages/goods/goods?goods_id=: gallery, price, SKU picker, favorite, add to cart and buy now. */
function GoodsDetail() {
  const goodsId = Number(Taro.getCurrentInstance().router?.params.goods_id) || 0
  const loggedIn = sessionStore.isLoggedIn
  // Loaded again after a login: is_favorite is the user's own.
  const { data, error, reload } = useRemote(() => getProductDetail({ goods_id: goodsId }), [goodsId, loggedIn])
  usePullRefresh(reload)
  const [action, setAction] = useState<SkuAction>()
  const [favorite, setFavorite] = useState(false)
  const [slide, setSlide] = useState(0)
  const [choiceText, setChoiceText] = useState('')
  const detail = data?.detail
  useEffect(() => setFavorite(!!detail?.is_favorite), [detail])

  if (!goodsId)
    return (
      <Page>
        <ErrorView message="商品不存在：缺少商品编号" />
      </Page>
    )
  if (!detail) return <Page>{error ? <ErrorView message={error} onRetry={reload} /> : <Loading />}</Page>

  const buyable = detail.on_shelf && detail.skus.some((sku) => sku.available)
  const open = (next: SkuAction) => {
    if (!buyable) return
    if (ensureUser(next === 'cart' ? '登录后加入购物车' : '登录后购买')) setAction(next)
  }
  const toggleFavorite = async () => {
    if (!ensureUser('登录后收藏商品')) return
    try {
      const result = await (favorite ? deleteFavorite : addFavorite)({ goods_id: goodsId })
      setFavorite(result.is_favorite)
      Taro.showToast({ title: result.is_favorite ? '已收藏' : '已取消收藏', icon: 'none' })
    } catch (e) {
      reportFailure(e)
    }
  }
  const confirm = async (sku: ProductSku, quantity: number, chosen: SkuAction) => {
    if (chosen === 'buy') {
      setAction(undefined)
      navigateTo(`/goods/pages/order/confirm?mode=buy_now&sku_id=${sku.sku_id}&quantity=${quantity}`)
      return
    }
    try {
      await addToCart({ sku_id: sku.sku_id, quantity })
      setAction(undefined)
      Taro.showToast({ title: '已加入购物车', icon: 'success' })
    } catch (e) {
      reportFailure(e)
    }
  }

  return (
    <Page
      title={detail.name}
      share={{ title: detail.name, desc: detail.subtitle, imageUrl: detail.images[0] }}
      className="goods-page"
    >
      <View className="goods__gallery">
        <Swiper className="goods__swiper" circular onChange={(e) => setSlide(e.detail.current)}>
          {detail.images.map((src) => (
            <SwiperItem key={src}>
              <Image
                className="goods__image"
                src={src}
                mode="aspectFill"
                onClick={() => Taro.previewImage({ urls: detail.images, current: src })}
              />
            </SwiperItem>
          ))}
        </Swiper>
        <Text className="goods__counter">
          {slide + 1}/{detail.images.length}
        </Text>
      </View>
      <View className="goods__card">
        <View className="goods__price-row">
          <Price value={detail.price_min} max={detail.price_max} line={detail.line_price} size="large" />
          <Text className="goods__sales">已售 {formatWan(detail.sales)}</Text>
        </View>
        <Text className="goods__name">{detail.name}</Text>
        {detail.subtitle && <Text className="goods__subtitle">{detail.subtitle}</Text>}
        {!detail.on_shelf && <Text className="goods__warning">该商品已下架</Text>}
        {detail.on_shelf && !buyable && <Text className="goods__warning">该商品已售罄</Text>}
      </View>
      {detail.specs.length > 0 && (
        <View className="goods__card goods__choice" onClick={() => open('cart')}>
          <Text className="goods__choice-label">已选</Text>
          <Text className="goods__choice-text">{choiceText}</Text>
          <Text className="goods__arrow">›</Text>
        </View>
      )}
      <View className="goods__card">
        <Text className="goods__section-title">商品详情</Text>
        <View className="goods__content">
          <RichText nodes={detail.content} />
        </View>
      </View>
      <View className="goods__bar-holder" />
      <View className="goods__bar">
        <View
          className={`goods__icon-btn goods__favorite${favorite ? ' goods__favorite--on' : ''}`}
          onClick={toggleFavorite}
        >
          <Text className="goods__icon">{favorite ? '★' : '☆'}</Text>
          <Text>{favorite ? '已收藏' : '收藏'}</Text>
        </View>
        <View className="goods__icon-btn goods__to-cart" onClick={() => navigateTo('/goods/pages/cart/cart')}>
          <View className="goods__icon goods__bag" />
          <Text>购物车</Text>
        </View>
        <View
          className={`goods__btn goods__btn--cart${buyable ? '' : ' goods__btn--off'}`}
          onClick={() => open('cart')}
        >
          加入购物车
        </View>
        <View className={`goods__btn goods__btn--buy${buyable ? '' : ' goods__btn--off'}`} onClick={() => open('buy')}>
          {detail.on_shelf ? (buyable ? '立即购买' : '已售罄') : '已下架'}
        </View>
      </View>
      <SkuPicker
        detail={detail}
        action={action}
        onClose={() => setAction(undefined)}
        onConfirm={confirm}
        onChoice={setChoiceText}
      />
    </Page>
  )
}

export default observer(GoodsDetail)
