import './OrderGoods.scss'

import type { OrderItem } from '@contract/shop'
import { Image, Text, View } from '@tarojs/components'

import { formatFen } from '@/core/format'

/** The goods lines of an order. */
export default function OrderGoods({ items }: { items: OrderItem[] }) {
  return (
    <View className="order-goods">
      {items.map((item) => (
        <View key={item.sku_id} className="order-goods__item">
          <Image className="order-goods__image" src={item.image} mode="aspectFill" />
          <View className="order-goods__body">
            <Text className="order-goods__name">{item.name}</Text>
            {item.spec_text && <Text className="order-goods__spec">{item.spec_text}</Text>}
          </View>
          <View className="order-goods__side">
            <Text className="order-goods__price">{formatFen(item.price)}</Text>
            <Text className="order-goods__quantity">×{item.quantity}</Text>
          </View>
        </View>
      ))}
    </View>
  )
}
