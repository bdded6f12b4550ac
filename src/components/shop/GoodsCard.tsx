import './GoodsCard.scss'

import type { ProductListItem } from '@contract/shop'
import { Image, Text, View } from '@tarojs/components'

import { formatWan } from '@/core/format'
import { navigateTo } from '@/navigation'

import Price from './Price'

export const goodsUrl = (goodsId: number) => `/goods/pages/goods/goods?goods_id=${goodsId}`

/** A good in a two-column grid: image, name, price and sales (in 万, docs/spec.md §5). */
export default function GoodsCard({ item, note }: { item: ProductListItem; note?: string }) {
  return (
    <View className="goods-card" data-goods-id={item.goods_id} onClick={() => navigateTo(goodsUrl(item.goods_id))}>
      <View className="goods-card__cover">
        <Image className="goods-card__image" src={item.image} mode="aspectFill" lazyLoad />
        {item.stock <= 0 && <Text className="goods-card__sold-out">已售罄</Text>}
      </View>
      <View className="goods-card__body">
        <Text className="goods-card__name">{item.name}</Text>
        {item.subtitle && <Text className="goods-card__subtitle">{item.subtitle}</Text>}
        <View className="goods-card__foot">
          <Price value={item.price_min} />
          <Text className="goods-card__sales">{note ?? `已售${formatWan(item.sales)}`}</Text>
        </View>
      </View>
    </View>
  )
}

/** Cards two to a row. */
export function GoodsGrid({ items }: { items: ProductListItem[] }) {
  return (
    <View className="goods-grid">
      {items.map((item) => (
        <GoodsCard key={item.goods_id} item={item} />
      ))}
    </View>
  )
}
